import type { Owner, Property } from '../schemas/properties';
import type { Db, OwnerRecord, PropertyGroupRecord, PropertyRecord, UnitPhotoRecord, UnitRecord } from './db';
import { addDays, formatDate, formatMoney } from './format';
import { uuidFrom } from './ids';
import { CITIES, emailFor, fullAddress, randomAddress, randomPerson, randomPhone, type StreetAddress } from './names';
import type { Random } from './random';
import { isSingleFamily, PROPERTY_COUNT, unitCountOf } from './scale';

/** ids of properties the connected user may not see */
const INVISIBLE_EVERY = 11;
const PROPERTY_WORDS = ['Gardens', 'Commons', 'Terrace', 'Heights', 'Village', 'Court', 'Plaza', 'Flats', 'Lofts', 'Place'];
const AMENITIES = ['Pool', 'Gym', 'Laundry', 'Parking', 'Dog Park', 'Clubhouse', 'EV Charging', 'Storage'];
const UNIT_AMENITIES = ['Dishwasher', 'Balcony', 'Washer/Dryer', 'Fireplace', 'Hardwood Floors', 'Walk-in Closet'];

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

function generateUnits(db: Db, random: Random, property: PropertyRecord['row'], single: boolean): void {
	for (let n = 0; n < property.unitCount; n++) {
		const bedrooms = single ? random.int(2, 4) : random.int(0, 3);
		const bathrooms = bedrooms <= 1 ? 1 : random.pick([1, 1.5, 2, 2.5]);
		const name = single ? property.name : `${Math.floor(n / 6) + 1}${String((n % 6) + 1).padStart(2, '0')}`;
		const street2 = single ? null : `Unit ${name}`;
		const address = { ...property.address, street2 };
		const unitId = String(1001 + db.units.length);
		const record: UnitRecord = {
			row: {
				upstreamId: unitId,
				name,
				propertyId: property.upstreamId,
				property: { upstreamId: property.upstreamId, label: property.label },
				occupancyUpstreamId: null,
				type: single ? 'House' : bedrooms === 0 ? 'Studio' : `${bedrooms} Bedroom`,
				bdBa: `${bedrooms}/${bathrooms}`,
				bedrooms,
				bathrooms,
				sqFt: String(450 + bedrooms * 300 + random.int(0, 150)),
				marketRent: formatMoney(random.amount(1100 + bedrooms * 450, 1500 + bedrooms * 600, 25)),
				status: 'Vacant',
				rentReady: true,
				tags: random.chance(0.15) ? ['Renovated'] : [],
				fullAddress: fullAddress(address),
				address,
			},
			amenities: UNIT_AMENITIES.filter(() => random.chance(0.3)),
			photoCount: random.int(0, 3),
		};
		db.units.push(record);
		generateUnitPhotos(db, record);
	}
}

function generateUnitPhotos(db: Db, unit: UnitRecord): void {
	for (let n = 0; n < unit.photoCount; n++) {
		const photoId = `${unit.row.upstreamId}-${n + 1}`;
		const base = `https://images.sandbox-pm.example/units/${unit.row.upstreamId}/${n + 1}`;
		const photo: UnitPhotoRecord = {
			unitId: unit.row.upstreamId,
			propertyId: unit.row.propertyId,
			row: {
				upstreamId: photoId,
				name: ['Living room', 'Kitchen', 'Bedroom'][n] ?? `Photo ${n + 1}`,
				default: n === 0,
				url: { original: `${base}.jpg`, small: `${base}-small.jpg`, medium: `${base}-medium.jpg`, large: `${base}-large.jpg` },
			},
		};
		db.unitPhotos.push(photo);
	}
}

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

export function generatePropertyGroups(db: Db, random: Random): void {
	const byCity = (city: string) => db.properties.filter((p) => p.row.address.city === city);
	const seeds: Array<[string, PropertyRecord[]]> = [
		['California Portfolio', db.properties.filter((p) => p.row.address.state === 'CA')],
		['Texas Portfolio', db.properties.filter((p) => p.row.address.state === 'TX')],
		['Single-Family Homes', db.properties.filter((p) => p.row.type === 'Single-Family')],
		['Denver Metro', byCity('Denver')],
	];
	seeds.forEach(([name, members], index) => addPropertyGroup(db, String(11 + index), name, members, uuidFrom(random)));
}

export function addPropertyGroup(db: Db, upstreamId: string, name: string, members: PropertyRecord[], uuid: string): PropertyGroupRecord {
	const record: PropertyGroupRecord = {
		propertyIds: members.map((p) => p.row.upstreamId),
		row: {
			upstreamId,
			name,
			propertyUuids: members.map((p) => p.uuid),
			uuid,
			editable: true,
			propertyCount: members.length,
		},
	};
	db.propertyGroups.push(record);
	return record;
}

export function propertyRow(db: Db, record: PropertyRecord): Property {
	const groups = db.propertyGroups.filter((g) => g.propertyIds.includes(record.row.upstreamId));
	return { ...record.row, propertyGroupUpstreamIds: groups.map((g) => g.row.upstreamId) };
}
