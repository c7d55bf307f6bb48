import type { Db, PropertyRecord } from '../../db/db';
import { addDays, formatDate, formatMoney } from '../../shared/format';
import { uuidFrom } from '../../shared/ids';
import { CITIES, fullAddress, randomAddress, type StreetAddress } from '../../shared/names';
import type { Random } from '../../shared/random';
import { isSingleFamily, PROPERTY_COUNT, unitCountOf } from '../../shared/scale';
import { generateUnits } from '../unit/data';
import type { Property } from './schema';

/** ids of properties the connected user may not see */
const INVISIBLE_EVERY = 11;
const PROPERTY_WORDS = ['Gardens', 'Commons', 'Terrace', 'Heights', 'Village', 'Court', 'Plaza', 'Flats', 'Lofts', 'Place'];
const AMENITIES = ['Pool', 'Gym', 'Laundry', 'Parking', 'Dog Park', 'Clubhouse', 'EV Charging', 'Storage'];

export function generateProperties(db: Db, random: Random, now: Date): void {
	const managers = db.users.filter((u) => u.active);
	const taken = new Set<string>();
	for (let index = 0; index < PROPERTY_COUNT; index++) {
		const id = String(101 + index);
		const single = isSingleFamily(index);
		const city = CITIES[index % CITIES.length];
		let address: StreetAddress;
		let name: string;
		// a manager tells properties apart by name: draw again until the name is new
		do {
			address = randomAddress(random, city);
			name = single ? address.street : `${address.street.split(' ').slice(1, 2)[0]} ${random.pick(PROPERTY_WORDS)}`;
		} while (taken.has(name));
		taken.add(name);
		const unitCount = unitCountOf(index, db.volume);
		const manager = random.pick(managers);
		const createdOn = addDays(now, -random.int(400, 3000));
		const row: PropertyRecord['row'] = {
			upstreamId: id,
			label: `${name} - ${address.street}`,
			fullAddress: fullAddress(address),
			name,
			description: single ? 'Single-family home' : `${unitCount}-unit apartment community`,
			type: single ? 'Single-Family' : 'Multi-Family',
			unitCount,
			sqFt: String(single ? random.int(1100, 2600) : unitCount * random.int(700, 1000)),
			marketRent: null,
			address: { street: address.street, street2: null, city: address.city, state: address.state, zip: address.zip },
			agentOfRecord: manager.name,
			amenities: single ? ['Garage'] : AMENITIES.filter(() => random.chance(0.4)),
			lateFee: {
				type: 'Flat',
				baseAmount: formatMoney(random.pick([50, 75, 100])),
				dailyAmount: formatMoney(10),
				gracePeriod: random.pick([3, 5]),
				gracePeriodFixedDay: null,
				graceBalance: formatMoney(0),
				maxDailyAmount: formatMoney(250),
			},
			leaseFee: { type: 'Percent', flatFee: null, percentFee: '50' },
			lisaEnabled: random.chance(0.5),
			management: {
				flatFee: null,
				percentFee: String(random.pick([6, 8, 10])),
				feeType: 'Percent',
				startDate: formatDate(createdOn),
				endDate: null,
				endReason: null,
			},
			manager: { name: manager.name, phoneNumber: manager.phoneNumber },
			maintenance: { limit: formatMoney(random.pick([300, 500, 750])), notes: null, group: 'Standard' },
			onlineMaintenanceRequestInstructions: 'For emergencies call the after-hours line.',
			owners: { names: [], upstreamIds: [], contractExpirations: [] },
			ownerPaymentType: random.pick(['ACH', 'Check']),
			payerName: null,
			portfolio: 'Sunrise Portfolio',
			premiumLeads: { status: 'Inactive', monthlyCap: null, activationDate: null },
			propertyClass: random.pick(['A', 'B', 'C']),
			propertyCreatedBy: manager.name,
			propertyCreatedOn: formatDate(createdOn),
			reserve: formatMoney(random.pick([500, 1000, 2500])),
			taxYearEnd: '12',
			yearBuilt: String(random.int(1955, 2020)),
		};
		db.properties.push({
			row,
			uuid: uuidFrom(random),
			portfolioId: 1,
			invisible: index % INVISIBLE_EVERY === 10,
			hidden: index === 5 || index === 17,
			ownerIds: [],
		});
		generateUnits(db, random, row, single);
	}
	for (const record of db.properties) {
		const rents = db.units.filter((u) => u.row.propertyId === record.row.upstreamId).map((u) => Number(u.row.marketRent));
		record.row.marketRent = formatMoney(rents.reduce((a, b) => a + b, 0) / rents.length);
	}
}

export function propertyRow(db: Db, record: PropertyRecord): Property {
	const groups = db.propertyGroups.filter((g) => g.propertyIds.includes(record.row.upstreamId));
	return { ...record.row, propertyGroupUpstreamIds: groups.map((g) => g.row.upstreamId) };
}
