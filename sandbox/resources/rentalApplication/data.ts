import { type Db, nextId, type Occupancy } from '../../db/db';
import { addDays, formatDate, formatMoney, formatStamp, startOfDay } from '../../shared/format';
import { areaCodeOf, emailFor, randomAddress, randomPerson, randomPhone } from '../../shared/names';
import type { Random } from '../../shared/random';
import { scaledCount } from '../../shared/scale';
import { LEAD_SOURCES } from '../guestCard/data';
import { applicationStatuses, type RentalApplication, type Residence } from './schema';

const emptyResidence: Residence = {
	address1: null,
	address2: null,
	city: null,
	zip: null,
	state: null,
	residedFrom: null,
	residedTo: null,
	landlordName: null,
	landlordEmail: null,
	landlordPhoneNumber: null,
	monthlyRent: null,
};

function residence(random: Random, from: Date, to: Date | null): Residence {
	const address = randomAddress(random);
	const landlord = randomPerson(random);
	return {
		address1: address.street,
		address2: null,
		city: address.city,
		zip: address.zip,
		state: address.state,
		residedFrom: formatDate(from),
		residedTo: to ? formatDate(to) : null,
		landlordName: `${landlord.firstName} ${landlord.lastName}`,
		landlordEmail: emailFor(landlord.firstName, landlord.lastName, random),
		landlordPhoneNumber: randomPhone(random, address.areaCode),
		monthlyRent: formatMoney(random.amount(900, 2500, 25)),
	};
}

export function generateRentalApplications(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const converted = db.occupancies.filter((o) => o.rentalApplicationId !== null && o.moveIn > addDays(today, -100)).slice(0, 35);
	converted.forEach((occupancy) => addApplication(db, random, now, 'Converted', occupancy));
	for (let n = 0; n < scaledCount(60, db.volume); n++) {
		const status = random.pick(applicationStatuses.filter((s) => s !== 'Converted'));
		addApplication(db, random, now, status, null);
	}
}

/** Stores one application; `received`: its received day (else drawn from the last 110 days, or before the occupancy's move-in). */
export function addApplication(db: Db, random: Random, now: Date, status: RentalApplication['status'], occupancy: Occupancy | null, received?: Date): RentalApplication {
	const today = startOfDay(now);
	const property = occupancy
		? db.properties.find((p) => p.row.upstreamId === occupancy.propertyId)!
		: random.pick(db.properties.filter((p) => !p.invisible));
	const unit = occupancy ? db.units.find((u) => u.row.upstreamId === occupancy.unitId)! : random.pick(db.units.filter((u) => u.row.propertyId === property.row.upstreamId));
	const tenant = occupancy ? db.tenants.find((t) => t.occupancyId === occupancy.id) : undefined;
	const person = tenant ? { firstName: tenant.row.firstName, lastName: tenant.row.lastName } : randomPerson(random);
	const receivedOn = received ?? (occupancy ? addDays(occupancy.moveIn < today ? occupancy.moveIn : today, -random.int(7, 30)) : addDays(today, -random.int(0, 110)));
	// received and decided moments never lie ahead of the clock: a recent application waits for its decision
	const stamp = (days: number) => {
		const at = new Date(receivedOn.getTime() + days * 86_400_000 + random.int(8, 18) * 3_600_000);
		return formatStamp(at > now ? now : at);
	};
	const agent = random.pick(db.users.filter((u) => u.active));
	const decided = status === 'Approved' || status === 'Converting' || status === 'Converted';
	const id = occupancy?.rentalApplicationId ?? nextId(db, 'rentalApplication', 80001);
	const row: RentalApplication = {
		rentalApplicationId: id,
		propertyId: property.row.upstreamId,
		unitId: unit.row.upstreamId,
		tenantId: tenant?.row.upstreamId ?? null,
		adminFeePaid: formatMoney(0),
		applicantReportedSource: random.pick(LEAD_SOURCES),
		applicants: `${person.firstName} ${person.lastName}`,
		applicationFeePaid: formatMoney(random.pick([35, 45, 50])),
		applyingFor: unit.row.name,
		approvedAt: decided ? stamp(3) : null,
		assignedUser: agent.name,
		assignedUserId: agent.upstreamId,
		campaignTitle: null,
		canceledAt: status === 'Canceled' ? stamp(2) : null,
		createdBy: 'Online Application',
		deniedAt: status === 'Denied' ? stamp(4) : null,
		desiredMoveIn: formatDate(addDays(receivedOn, random.int(14, 45))),
		email: emailFor(person.firstName, person.lastName, random),
		leadSource: random.pick(LEAD_SOURCES),
		petsKinds: null,
		petsNames: null,
		petsWeights: null,
		phoneNumber: tenant?.row.phoneNumbers[0].phone ?? randomPhone(random, areaCodeOf(property.row.address.city)),
		propertyName: property.row.name,
		reasonForStatus: status === 'Denied' ? 'Insufficient income' : null,
		received: stamp(0),
		rentalApplicationGroupId: id,
		screening: decided ? 'Passed' : status === 'Denied' ? 'Failed' : 'Pending',
		status,
		unit: {
			title: unit.row.name,
			address: unit.row.fullAddress,
			type: unit.row.type,
			street: unit.row.address.street,
			street2: unit.row.address.street2,
			city: unit.row.address.city,
			state: unit.row.address.state,
			zip: unit.row.address.zip,
		},
		currentAddress: residence(random, addDays(receivedOn, -random.int(400, 1500)), null),
		previousAddress1: random.chance(0.6) ? residence(random, addDays(receivedOn, -3000), addDays(receivedOn, -1600)) : emptyResidence,
		previousAddress2: emptyResidence,
	};
	db.rentalApplications.push({ receivedOn, row });
	return row;
}
