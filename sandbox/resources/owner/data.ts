import type { Db, OwnerRecord } from '../../db/db';
import { addDays, formatDate } from '../../shared/format';
import { emailFor, fullAddress, randomAddress, randomPerson, randomPhone } from '../../shared/names';
import type { Random } from '../../shared/random';
import type { Owner } from './schema';

export function generateOwners(db: Db, random: Random, now: Date): void {
	const owners: OwnerRecord[] = Array.from({ length: 22 }, (_, index) => {
		const company = index % 5 === 4;
		const person = randomPerson(random);
		const address = randomAddress(random);
		const row: Owner = {
			upstreamId: String(301 + index),
			name: company ? `${person.lastName} Holdings LLC` : `${person.firstName} ${person.lastName}`,
			firstName: company ? null : person.firstName,
			lastName: company ? null : person.lastName,
			emailAddress: emailFor(person.firstName, person.lastName, random),
			phoneNumbers: [{ label: 'Mobile', phone: randomPhone(random, address.areaCode) }],
			fullAddress: fullAddress(address),
			address: { street: address.street, street2: null, city: address.city, state: address.state, zip: address.zip, country: 'US' },
			propertyIds: [],
			tags: company ? ['Institutional'] : [],
			notesForOwner: null,
			ownerPacketReports: ['Owner Statement', 'Cash Flow'],
			sendOwnerPacketsByEmail: random.chance(0.8),
			lastPacketSent: formatDate(addDays(now, -random.int(1, 30))),
			alternativePayee: null,
			paymentType: random.pick(['ACH', 'Check']),
			lastPaymentDate: formatDate(addDays(now, -random.int(1, 30))),
			holdPayments: random.chance(0.1),
		};
		return { row, hidden: index === 21 };
	});
	db.properties.forEach((property, index) => {
		const chosen = [owners[index % owners.length]];
		if (random.chance(0.25)) chosen.push(owners[(index + 7) % owners.length]);
		for (const owner of chosen) {
			owner.row.propertyIds.push(property.row.upstreamId);
			property.ownerIds.push(owner.row.upstreamId);
			property.row.owners.names.push(owner.row.name);
			property.row.owners.upstreamIds.push(owner.row.upstreamId);
			property.row.owners.contractExpirations.push(formatDate(addDays(now, random.int(30, 900))));
		}
	});
	db.owners = owners;
}
