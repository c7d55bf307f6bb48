import { tenantsOfOccupancy } from '../../db/byOwner';
import { type Db, nextId, type Occupancy, type PropertyRecord, type TenantRecord, type TenantStatusKey, type UnitRecord } from '../../db/db';
import { addDays, addMonths, formatDate, formatMoney, startOfDay } from '../../shared/format';
import { areaCodeOf, emailFor, randomPerson, randomPhone } from '../../shared/names';
import type { Random } from '../../shared/random';
import type { Tenant } from './schema';

/** move-ins cluster on the first of the month, so several events share one date */
function moveInDay(random: Random, day: Date): Date {
	return random.chance(0.5) ? new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1)) : day;
}

function lease(moveIn: Date, today: Date): { from: Date; to: Date } {
	let from = moveIn;
	while (addMonths(from, 12) <= today) from = addMonths(from, 12);
	return { from, to: addDays(addMonths(from, 12), -1) };
}

/**
 * A tenant on notice whose lease would call for notice after today gave it already: on one of the last
 * 30 days, spread by how far ahead the lease's date lay (no draw of its own, so the seed's other records
 * stay as they were). Before issue 48 every such notice fell on the seeding day (339 at 10,000 units).
 */
function noticeGiven(noticeDate: Date, today: Date): Date {
	const daysAhead = Math.round((noticeDate.getTime() - today.getTime()) / 86_400_000);
	return addDays(today, -(daysAhead % 30) - 1);
}

export function generateOccupancies(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	for (const unit of db.units) {
		// this unit's occupancies are the ones added in this turn (a whole-array search is quadratic at --units 10000)
		const firstOfUnit = db.occupancies.length;
		const occupied = random.chance(0.88);
		let pastMoveOut: Date;
		if (occupied) {
			const moveIn = moveInDay(random, addDays(today, -random.int(20, 1300)));
			const { from, to } = lease(moveIn <= today ? moveIn : today, today);
			const status: TenantStatusKey =
				to <= addDays(today, 75) && random.chance(0.5) ? 'notice' : random.chance(0.02) ? 'evict' : 'current';
			const noticeDate = status === 'notice' ? addDays(to, -random.int(30, 60)) : null;
			addOccupancy(db, random, today, unit, {
				status,
				moveIn,
				moveOut: status === 'notice' ? to : null,
				noticeDate: noticeDate && noticeDate > today ? noticeGiven(noticeDate, today) : noticeDate,
				leaseFrom: from,
				leaseTo: to,
				previousLease: from > moveIn ? { from: addMonths(from, -12), to: addDays(from, -1), rent: 0 } : null,
			});
			pastMoveOut = addDays(moveIn, -random.int(5, 45));
		} else {
			if (random.chance(0.55)) {
				const moveIn = moveInDay(random, addDays(today, random.int(2, 80)));
				addOccupancy(db, random, today, unit, {
					status: 'future',
					moveIn,
					moveOut: null,
					noticeDate: null,
					leaseFrom: moveIn,
					leaseTo: addDays(addMonths(moveIn, 12), -1),
					previousLease: null,
				});
			}
			pastMoveOut = addDays(today, -random.int(3, 100));
		}
		if (random.chance(occupied ? 0.35 : 0.9)) {
			const moveIn = addDays(pastMoveOut, -random.int(330, 1100));
			addOccupancy(db, random, today, unit, {
				status: 'past',
				moveIn,
				moveOut: pastMoveOut,
				noticeDate: addDays(pastMoveOut, -30),
				leaseFrom: lease(moveIn, pastMoveOut).from,
				leaseTo: pastMoveOut,
				previousLease: null,
			});
		}
		const current = db.occupancies.slice(firstOfUnit).find((o) => o.unitId === unit.row.upstreamId && (o.status === 'current' || o.status === 'notice' || o.status === 'evict'));
		unit.row.occupancyUpstreamId = current ? current.id : null;
		unit.row.status = current ? 'Occupied' : 'Vacant';
		unit.row.rentReady = !current && random.chance(0.7);
	}
}

type OccupancyShape = Pick<Occupancy, 'status' | 'moveIn' | 'moveOut' | 'noticeDate' | 'leaseFrom' | 'leaseTo' | 'previousLease'>;

function addOccupancy(db: Db, random: Random, today: Date, unit: UnitRecord, shape: OccupancyShape): void {
	const marketRent = Number(unit.row.marketRent);
	const rent = shape.status === 'past' ? marketRent - random.amount(50, 200, 25) : marketRent - random.amount(0, 100, 25);
	const occupancy: Occupancy = {
		...shape,
		id: String(nextId(db, 'occupancy', 20001)),
		unitId: unit.row.upstreamId,
		propertyId: unit.row.propertyId,
		tenantIds: [],
		// a lease starting soon was signed already: never later than today
		leaseSignDate: earliest(addDays(shape.leaseFrom, -random.int(7, 30)), today),
		rent,
		deposit: rent,
		rentalApplicationId: random.chance(0.6) ? nextId(db, 'rentalApplication', 80001) : null,
	};
	if (occupancy.previousLease) occupancy.previousLease.rent = rent - random.amount(25, 100, 25);
	db.occupancies.push(occupancy);
	const property = db.properties.find((p) => p.row.upstreamId === unit.row.propertyId)!;
	const headcount = random.chance(0.3) ? 2 : 1;
	for (let n = 0; n < headcount; n++) db.tenants.push(makeTenant(db, random, property, unit, occupancy, n === 0));
}

function earliest(a: Date, b: Date): Date {
	return a < b ? a : b;
}

const STATUS_LABEL: Record<TenantStatusKey, Tenant['status']> = {
	current: 'Current',
	past: 'Past',
	future: 'Future',
	evict: 'Evict',
	notice: 'Notice',
};

function makeTenant(db: Db, random: Random, property: PropertyRecord, unit: UnitRecord, occupancy: Occupancy, primary: boolean): TenantRecord {
	const person = randomPerson(random);
	const id = String(nextId(db, 'tenant', 30001));
	occupancy.tenantIds.push(id);
	const row: Tenant = {
		upstreamId: id,
		name: `${person.firstName} ${person.lastName}`,
		firstName: person.firstName,
		lastName: person.lastName,
		birthdate: formatDate(new Date(Date.UTC(random.int(1950, 2002), random.int(0, 11), random.int(1, 28)))),
		emailAddresses: [emailFor(person.firstName, person.lastName, random)],
		phoneNumbers: [{ label: 'Mobile', phone: randomPhone(random, areaCodeOf(property.row.address.city)) }],
		fullAddress: unit.row.fullAddress,
		address: unit.row.address,
		primaryTenant: primary,
		status: STATUS_LABEL[occupancy.status],
		type: primary ? 'Financially Responsible' : random.pick(['Financially Responsible', 'Occupant'] as const),
		tags: random.chance(0.1) ? ['Autopay'] : [],
		pets: random.chance(0.25) ? random.pick(['Dog', 'Cat', 'Dog, Cat']) : null,
		licensePlates: random.chance(0.5) ? `${random.digits(1)}ABC${random.digits(3)}` : null,
		occupancyUpstreamId: occupancy.id,
		guestCardUpstreamId: null,
		rentalApplicationUpstreamId: occupancy.rentalApplicationId === null ? null : String(occupancy.rentalApplicationId),
		moveIn: formatDate(occupancy.moveIn),
		moveOut: occupancy.moveOut ? formatDate(occupancy.moveOut) : null,
		insuranceCompanyName: random.chance(0.6) ? random.pick(['Lemonade', 'State Farm', 'Allstate']) : null,
		insuranceExpiration: null,
		insurancePolicyNumber: null,
		property: { upstreamId: property.row.upstreamId, label: property.row.label },
		unit: { upstreamId: unit.row.upstreamId, name: unit.row.name, type: unit.row.type },
		rent: formatMoney(occupancy.rent),
		deposit: formatMoney(occupancy.deposit),
		lastRentIncrease: occupancy.previousLease ? formatDate(occupancy.leaseFrom) : null,
		nextRentIncrease: occupancy.status === 'current' ? formatDate(addDays(occupancy.leaseTo, 1)) : null,
		sendRentReminders: random.chance(0.7),
		ignorePartialPayments: false,
		leaseFrom: formatDate(occupancy.leaseFrom),
		leaseTo: formatDate(occupancy.leaseTo),
		lastLeaseRenewal: occupancy.previousLease ? formatDate(occupancy.leaseFrom) : null,
		lateFee: property.row.lateFee,
	};
	if (row.insuranceCompanyName) {
		row.insuranceExpiration = formatDate(addDays(occupancy.leaseTo, random.int(-60, 60)));
		row.insurancePolicyNumber = `POL-${random.digits(8)}`;
	}
	return { row, statusKey: occupancy.status, hidden: occupancy.status === 'past' && random.chance(0.2), occupancyId: occupancy.id, propertyId: property.row.upstreamId };
}

/**
 * An occupancy's property, unit and tenants (in the order they were added; byOwner.ts), indexed once:
 * seeding looks them up for every occupancy, which a search of the whole lists makes quadratic.
 */
export function seedingLookups(db: Db) {
	const properties = new Map(db.properties.map((property) => [property.row.upstreamId, property]));
	const units = new Map(db.units.map((unit) => [unit.row.upstreamId, unit]));
	return {
		of: (occupancy: Occupancy): OccupancyRecords => ({
			property: properties.get(occupancy.propertyId)!,
			unit: units.get(occupancy.unitId)!,
			ofOccupancy: tenantsOfOccupancy(db, occupancy.id),
		}),
	};
}

export interface OccupancyRecords {
	property: PropertyRecord;
	unit: UnitRecord;
	ofOccupancy: TenantRecord[];
}
