import { tenantsOfOccupancy } from '../../db/byOwner';
import type { Db, Occupancy } from '../../db/db';
import { formatDate, formatMoney } from '../../shared/format';
import type { Random } from '../../shared/random';
import { type OccupancyRecords, seedingLookups } from '../tenant/data';
import type { TenantEvent } from './schema';

const MOVE_OUT_REASONS = ['Purchased a home', 'Job relocation', 'Needed more space', 'Rent too high', 'Moving in with family'];

/** `tenantId`: whose event it is (each roommate of an occupancy has their own); default the primary tenant */
export function tenantEventFor(
	db: Db,
	occupancy: Occupancy,
	event: TenantEvent['event'],
	occurred: Date,
	random: Random,
	tenantId?: string,
	/** seeding has them indexed (tenants.ts seedingLookups) */
	known?: OccupancyRecords,
): TenantEvent {
	const property = known?.property ?? db.properties.find((p) => p.row.upstreamId === occupancy.propertyId)!;
	const unit = known?.unit ?? db.units.find((u) => u.row.upstreamId === occupancy.unitId)!;
	const ofOccupancy = known?.ofOccupancy ?? tenantsOfOccupancy(db, occupancy.id);
	const tenant =
		ofOccupancy.find((t) => tenantId !== undefined && t.row.upstreamId === tenantId) ??
		ofOccupancy.find((t) => t.row.primaryTenant) ??
		ofOccupancy[0];
	const assigned = db.users.filter((u) => u.active);
	const { address } = property.row;
	return {
		occurredDate: formatDate(occurred),
		event,
		property: {
			upstreamId: Number(property.row.upstreamId),
			name: property.row.name,
			address: property.row.fullAddress,
			street: address.street,
			street2: address.street2,
			city: address.city,
			state: address.state,
			zip: address.zip,
			type: property.row.type,
		},
		unit: { upstreamId: Number(unit.row.upstreamId), name: unit.row.name, tags: unit.row.tags.join(', ') || null, type: unit.row.type },
		tenant: {
			upstreamId: Number(tenant.row.upstreamId),
			name: tenant.row.name,
			phoneNumber: tenant.row.phoneNumbers[0]?.phone ?? null,
			email: tenant.row.emailAddresses[0] ?? null,
			tags: tenant.row.tags.join(', ') || null,
			status: tenant.row.status,
		},
		occupancy: { upstreamId: Number(occupancy.id) },
		rent: formatMoney(occupancy.rent),
		leaseFrom: formatDate(occupancy.leaseFrom),
		leaseTo: formatDate(occupancy.leaseTo),
		deposit: formatMoney(occupancy.deposit),
		depositsAuthorized: formatMoney(occupancy.deposit),
		moveOutDate: occupancy.moveOut ? formatDate(occupancy.moveOut) : null,
		moveOutReason: event === 'Move-in' ? null : random.pick(MOVE_OUT_REASONS),
		moveInDate: formatDate(occupancy.moveIn),
		leaseSignDate: formatDate(occupancy.leaseSignDate),
		assignedUser: random.pick(assigned).name,
		tenantSdrPayment: null,
		rentalApplicationId: occupancy.rentalApplicationId,
		portfolioId: property.portfolioId,
		sdrEcheckEligibility: random.pick(['Eligible', 'Not Eligible']),
	};
}

export function generateTenantEvents(db: Db, random: Random): void {
	const seeding = seedingLookups(db);
	for (const occupancy of db.occupancies) {
		const known = seeding.of(occupancy);
		db.tenantEvents.push(tenantEventFor(db, occupancy, 'Move-in', occupancy.moveIn, random, undefined, known));
		if (occupancy.noticeDate) db.tenantEvents.push(tenantEventFor(db, occupancy, 'Notice', occupancy.noticeDate, random, undefined, known));
		if (occupancy.moveOut) db.tenantEvents.push(tenantEventFor(db, occupancy, 'Move-out', occupancy.moveOut, random, undefined, known));
	}
}
