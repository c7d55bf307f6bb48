import type { Db, Occupancy, TenantRecord } from './db';

/**
 * Records grouped by the record they belong to, kept beside the lists they index: endpoints ask per
 * unit and per occupancy, and a search of the whole list for each is quadratic at `--units 10000`
 * (scale.ts). Records are only ever appended, and never move to another owner, so an index is good
 * while its list has the length it was built at; a longer list rebuilds it.
 */
interface Grouped<T> {
	length: number;
	groups: Map<string, T[]>;
}

const indexes = new WeakMap<object, Grouped<unknown>>();

function grouped<T>(list: T[], ownerOf: (item: T) => string): Map<string, T[]> {
	const known = indexes.get(list) as Grouped<T> | undefined;
	if (known && known.length === list.length) return known.groups;
	const groups = new Map<string, T[]>();
	for (const item of list) {
		const owner = ownerOf(item);
		const group = groups.get(owner);
		if (group) group.push(item);
		else groups.set(owner, [item]);
	}
	indexes.set(list, { length: list.length, groups });
	return groups;
}

/** a unit's occupancies, in the order they were added */
export function occupanciesOfUnit(db: Db, unitId: string): Occupancy[] {
	return grouped(db.occupancies, (occupancy) => occupancy.unitId).get(unitId) ?? [];
}

/** an occupancy's tenants, in the order they were added (the primary one first) */
export function tenantsOfOccupancy(db: Db, occupancyId: string): TenantRecord[] {
	return grouped(db.tenants, (tenant) => tenant.occupancyId).get(occupancyId) ?? [];
}
