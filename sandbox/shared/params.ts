import type { Db, PropertyRecord } from '../db/db';
import { HttpError, type QueryParams, type SandboxContext } from '../types';
import { type DateRange, type DateWindow, isDateRange, resolveDateRange } from './dateRange';
import { parseDate } from './format';
import { isStrict, refuseCommaList, refuseLooseDate, refuseWrongCase } from '../hostile/strictParameters';

export function dbOf(ctx: SandboxContext): Db {
	return ctx.db as Db;
}

export function single(query: QueryParams, name: string): string | undefined {
	const value = query[name];
	if (value === undefined) return undefined;
	if (Array.isArray(value)) throw new HttpError(400, `${name} accepts a single value`, name);
	return value.trim() === '' ? undefined : value;
}

/** a multi-value parameter: repeated keys, or (not in the hostile profile) comma-separated values */
export function many(query: QueryParams, name: string): string[] {
	const value = query[name];
	if (value === undefined) return [];
	const values = Array.isArray(value) ? value : [value];
	if (isStrict(query)) refuseCommaList(name, values);
	return commaSplit(values);
}

/** a parameter that is one comma-separated list by definition (the docs' `glAccountIds`), in every profile */
export function commaList(query: QueryParams, name: string): string[] {
	const value = query[name];
	if (value === undefined) return [];
	return commaSplit(Array.isArray(value) ? value : [value]);
}

function commaSplit(values: string[]): string[] {
	return values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

export function oneOf<T extends string>(query: QueryParams, name: string, allowed: readonly T[], fallback: T): T {
	const value = single(query, name) ?? fallback;
	if (!allowed.includes(value as T)) throw new HttpError(400, `${name} must be one of ${allowed.join(', ')}`, name);
	return value as T;
}

/** multi-value filter; `all` (or nothing given with fallback `all`) means no filter → undefined */
export function manyOf<T extends string>(query: QueryParams, name: string, allowed: readonly T[], fallback: T[]): T[] | undefined {
	const values = many(query, name);
	const chosen = values.length ? values : fallback;
	if (isStrict(query)) for (const value of values) refuseWrongCase(name, value, ['all', ...allowed]);
	if (chosen.some((v) => v.toLowerCase() === 'all')) return undefined;
	const resolved = chosen.map((v) => {
		const match = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
		if (!match) throw new HttpError(400, `${name} must be among all, ${allowed.join(', ')}`, name);
		return match;
	});
	return resolved;
}

export function dateParam(query: QueryParams, name: string): Date | undefined {
	const value = single(query, name);
	if (value === undefined) return undefined;
	if (isStrict(query)) refuseLooseDate(name, value);
	const parsed = parseDate(value);
	if (!parsed) throw new HttpError(400, `${name} must be a date MM/DD/YYYY`, name);
	return parsed;
}

/**
 * `dateFrom`/`dateTo` override the range; either one alone leaves the other side open. With
 * `datesNeedRange` (documented profile, the stricter reading, sandbox/README.md) the range always
 * applies, its default when `dateRange` is absent, and the dates only narrow it.
 */
export function dateWindow(ctx: SandboxContext, query: QueryParams, fallback: DateRange): DateWindow {
	const range = single(query, 'dateRange') ?? fallback;
	if (!isDateRange(range)) throw new HttpError(400, `dateRange must be one of the DateRange values`, 'dateRange');
	const from = dateParam(query, 'dateFrom');
	const to = dateParam(query, 'dateTo');
	if (ctx.datesNeedRange) {
		const window = resolveDateRange(range, ctx.now());
		return { from: later(window.from, from), to: earlier(window.to, to) };
	}
	if (from || to) return { from: from ?? null, to: to ?? null };
	return resolveDateRange(range, ctx.now());
}

function later(bound: Date | null, date: Date | undefined): Date | null {
	if (!date) return bound;
	return bound && bound > date ? bound : date;
}

function earlier(bound: Date | null, date: Date | undefined): Date | null {
	if (!date) return bound;
	return bound && bound < date ? bound : date;
}

export function visibleProperties(db: Db): PropertyRecord[] {
	return db.properties.filter((p) => !p.invisible);
}

export function findVisibleProperty(db: Db, id: string | number | undefined): PropertyRecord | undefined {
	return id === undefined ? undefined : visibleProperties(db).find((p) => p.row.upstreamId === String(id));
}

/** ids of the visible properties the scope filters select; each given filter must name something known */
export function scopedPropertyIds(ctx: SandboxContext, query: QueryParams): Set<string> {
	const db = dbOf(ctx);
	let properties = visibleProperties(db);
	const propertyIds = many(query, 'propertyId');
	if (propertyIds.length) {
		for (const id of propertyIds) if (!findVisibleProperty(db, id)) throw new HttpError(400, `propertyId ${id} is not a property of the account`, 'propertyId');
		properties = properties.filter((p) => propertyIds.includes(p.row.upstreamId));
	}
	const groupId = single(query, 'propertyGroupId');
	if (groupId !== undefined) {
		const group = db.propertyGroups.find((g) => g.row.upstreamId === groupId);
		if (!group) throw new HttpError(400, `propertyGroupId ${groupId} is not a property group of the account`, 'propertyGroupId');
		properties = properties.filter((p) => group.propertyIds.includes(p.row.upstreamId));
	}
	const ownerId = single(query, 'ownerId');
	if (ownerId !== undefined) {
		if (!db.owners.some((o) => o.row.upstreamId === ownerId)) throw new HttpError(400, `ownerId ${ownerId} is not an owner of the account`, 'ownerId');
		properties = properties.filter((p) => p.ownerIds.includes(ownerId));
	}
	return new Set(properties.map((p) => p.row.upstreamId));
}

export function validateScope(ctx: SandboxContext, query: QueryParams): void {
	scopedPropertyIds(ctx, query);
}

/** exactly one of two parameters, else 400 naming the one at fault */
export function exactlyOne(query: QueryParams, first: string, second: string): { field: string; value: string } {
	const a = single(query, first);
	const b = single(query, second);
	if (a !== undefined && b !== undefined) throw new HttpError(400, `give either ${first} or ${second}, not both`, second);
	if (a === undefined && b === undefined) throw new HttpError(400, `${first} or ${second} is required`, first);
	return a !== undefined ? { field: first, value: a } : { field: second, value: b! };
}
