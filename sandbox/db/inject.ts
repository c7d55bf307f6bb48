import { storeBill } from '../resources/bill/data';
import type { BillDetail } from '../resources/bill/schema';
import { glAccountByNumber } from '../resources/glAccount/data';
import { buildGuestCard } from '../resources/guestCard/data';
import type { GuestCard } from '../resources/guestCard/schema';
import { addApplication } from '../resources/rentalApplication/data';
import { applicationStatuses, type RentalApplication } from '../resources/rentalApplication/schema';
import { tenantEventFor } from '../resources/tenantEvent/data';
import type { TenantEvent } from '../resources/tenantEvent/schema';
import { vendorAccountNumber } from '../resources/vendor/data';
import { addWorkOrder } from '../resources/workOrder/data';
import { WORK_ORDER_STATUSES, type WorkOrder } from '../resources/workOrder/schema';
import { addDays, formatDate, parseDate, startOfDay, toCents } from '../shared/format';
import { HttpError, type InjectKind } from '../types';
import type { Db, Occupancy } from './db';

type PartialRecord = Record<string, unknown>;

/** an upstream change made by someone else: the partial's fields win, the rest stays consistent */
export function injectRecord(db: Db, kind: InjectKind, record: PartialRecord, now: Date): object {
	if (kind === 'tenantEvent') return injectTenantEvent(db, record, now);
	if (kind === 'bill') return injectBill(db, record, now);
	if (kind === 'guestCard') return injectGuestCard(db, record, now);
	if (kind === 'workOrder') return injectWorkOrder(db, record, now);
	if (kind === 'rentalApplication') return injectRentalApplication(db, record, now);
	throw new HttpError(400, `unknown inject kind: ${String(kind)}`, 'kind');
}

function idIn(value: unknown): string | undefined {
	if (typeof value === 'string' || typeof value === 'number') return String(value);
	if (value && typeof value === 'object' && 'upstreamId' in value) return idIn((value as { upstreamId: unknown }).upstreamId);
	return undefined;
}

function dateIn(record: PartialRecord, field: string, fallback: Date): Date {
	const value = record[field];
	if (value === undefined) return fallback;
	const parsed = typeof value === 'string' ? parseDate(value) : undefined;
	if (!parsed) throw new HttpError(400, `${field} must be MM/DD/YYYY`, field);
	return parsed;
}

function chooseOccupancy(db: Db, record: PartialRecord): Occupancy {
	const occupancyId = idIn(record.occupancy);
	const tenantId = idIn(record.tenant);
	const propertyId = idIn(record.property);
	const candidates = db.occupancies.filter(
		(o) =>
			(!occupancyId || o.id === occupancyId) &&
			(!tenantId || o.tenantIds.includes(tenantId)) &&
			(!propertyId || o.propertyId === propertyId) &&
			!db.properties.find((p) => p.row.upstreamId === o.propertyId)!.invisible,
	);
	if (!candidates.length) throw new HttpError(400, 'no occupancy matches the given occupancy/tenant/property', 'occupancy');
	return occupancyId || tenantId ? candidates[0] : db.random.pick(candidates.filter((o) => o.status !== 'past').length ? candidates.filter((o) => o.status !== 'past') : candidates);
}

function injectTenantEvent(db: Db, record: PartialRecord, now: Date): TenantEvent {
	const occupancy = chooseOccupancy(db, record);
	const event = (record.event as TenantEvent['event'] | undefined) ?? 'Move-in';
	if (!['Move-in', 'Move-out', 'Notice'].includes(event)) throw new HttpError(400, 'event must be Move-in, Move-out or Notice', 'event');
	const occurred = dateIn(record, 'occurredDate', startOfDay(now));
	const built = tenantEventFor(db, occupancy, event, occurred, db.random, idIn(record.tenant));
	const stored: TenantEvent = { ...built };
	for (const [field, value] of Object.entries(record)) {
		if (['occupancy', 'tenant', 'property', 'unit'].includes(field)) continue;
		if (field in built) (stored as Record<string, unknown>)[field] = value;
	}
	// a tenant whose address is not on file (the schema allows a null email): `tenant: {email: null}`
	const tenant = record.tenant;
	if (tenant && typeof tenant === 'object' && 'email' in tenant) {
		const email = (tenant as { email: unknown }).email;
		if (email !== null && typeof email !== 'string') throw new HttpError(400, 'tenant.email must be a string or null', 'tenant.email');
		stored.tenant = { ...built.tenant, email };
	}
	db.tenantEvents.push(stored);
	return stored;
}

const EVENT_DATE_FIELD: Partial<Record<TenantEvent['event'], 'moveInDate' | 'moveOutDate'>> = { 'Move-in': 'moveInDate', 'Move-out': 'moveOutDate' };

/**
 * Someone changes a tenant event upstream, e.g. moves a move-in date: the one event of
 * `where.occupancy` (and `where.tenant`, `where.event`, `where.occurredDate` when given) takes the fields of `set`.
 * A new `occurredDate` of a move-in or move-out moves its `moveInDate`/`moveOutDate` along unless
 * `set` names it. Which event it is (type, occupancy, tenant, unit, property) cannot change.
 */
export function editTenantEvent(db: Db, where: PartialRecord, set: PartialRecord): TenantEvent {
	const occupancyId = idIn(where.occupancy);
	if (!occupancyId) throw new HttpError(400, 'where.occupancy is required', 'where.occupancy');
	const tenantId = idIn(where.tenant);
	const matching = db.tenantEvents.filter(
		(e) =>
			String(e.occupancy.upstreamId) === occupancyId &&
			(tenantId === undefined || String(e.tenant.upstreamId) === tenantId) &&
			(where.event === undefined || e.event === where.event) &&
			(where.occurredDate === undefined || e.occurredDate === where.occurredDate),
	);
	if (matching.length !== 1) throw new HttpError(matching.length ? 400 : 404, `${matching.length} tenant events match ${JSON.stringify(where)}; exactly one must`, 'where');
	const [stored] = matching;
	const fields = stored as unknown as Record<string, unknown>;
	for (const [field, value] of Object.entries(set)) {
		if (!(field in stored) || ['event', 'occupancy', 'tenant', 'unit', 'property'].includes(field)) throw new HttpError(400, `${field} cannot be edited`, field);
		if (/Date$/.test(field) && value !== null) dateIn(set, field, new Date(0));
		fields[field] = value;
	}
	const alongside = EVENT_DATE_FIELD[stored.event];
	if (set.occurredDate !== undefined && alongside && set[alongside] === undefined) fields[alongside] = set.occurredDate;
	return stored;
}

function injectBill(db: Db, record: PartialRecord, now: Date): BillDetail {
	const visibleVendors = db.vendors.filter((v) => !v.invisible);
	const vendorId = idIn(record.vendorId);
	const vendor = vendorId ? db.vendors.find((v) => v.row.upstreamId === vendorId) : db.random.pick(visibleVendors);
	if (!vendor) throw new HttpError(400, `unknown vendorId ${vendorId}`, 'vendorId');
	const propertyId = idIn(record.propertyId) ?? db.random.pick(db.properties.filter((p) => !p.invisible)).row.upstreamId;
	if (!db.properties.some((p) => p.row.upstreamId === propertyId)) throw new HttpError(400, `unknown propertyId ${propertyId}`, 'propertyId');
	const billDate = dateIn(record, 'billDate', startOfDay(now));
	const amount = typeof record.amount === 'string' ? record.amount : '250.00';
	const status = (record.status as BillDetail['status'] | undefined) ?? 'Unpaid';
	const stored = storeBill(db, {
		vendorId: vendor.row.upstreamId,
		billDate,
		dueDate: dateIn(record, 'dueDate', addDays(billDate, 30)),
		lines: [
			{
				glAccountId: glAccountByNumber(db, vendorAccountNumber(vendor.row)).upstreamId,
				propertyId,
				description: typeof record.description === 'string' ? record.description : 'Services rendered',
				cents: toCents(amount),
			},
		],
		reference: (record.reference as string | undefined) ?? null,
		remarks: (record.remarks as string | undefined) ?? null,
		memoForCheck: (record.memoForCheck as string | undefined) ?? null,
		status,
		approvalStatus: (record.approvalStatus as BillDetail['approvalStatus'] | undefined) ?? 'Pending Approval',
		payDate: status === 'Paid' ? billDate : null,
	});
	return stored.detail;
}

function injectGuestCard(db: Db, record: PartialRecord, now: Date): GuestCard {
	const overrides = { ...record } as PartialRecord & { propertyId?: string };
	if (overrides.propertyId !== undefined) overrides.propertyId = String(overrides.propertyId);
	if (overrides.received === undefined) overrides.received = formatDate(startOfDay(now));
	const card = buildGuestCard(db, db.random, now, overrides as unknown as Record<string, never>);
	db.guestCards.push(card);
	return card;
}

function oneOfValues<T extends string>(record: PartialRecord, field: string, values: readonly T[], fallback: T): T {
	const value = record[field] ?? fallback;
	if (!values.includes(value as T)) throw new HttpError(400, `${field} must be one of ${values.join(', ')}`, field);
	return value as T;
}

/** The partial's fields win over the built record's (fields it does not have are refused). */
function overlay<T extends object>(built: T, record: PartialRecord, builtFrom: string[]): T {
	const fields = built as Record<string, unknown>;
	for (const [field, value] of Object.entries(record)) {
		if (builtFrom.includes(field)) continue;
		if (!(field in built)) throw new HttpError(400, `${field} is not a field of this record`, field);
		fields[field] = value;
	}
	return built;
}

/** A work order entered today (or on `createdAt`) for an occupied unit (`unitId`, else a drawn one), status New unless given. */
function injectWorkOrder(db: Db, record: PartialRecord, now: Date): WorkOrder {
	const unitId = idIn(record.unitId);
	// a unit of a property the key cannot see would never be listed: only a named one may be there
	const hidden = new Set(db.properties.filter((p) => p.invisible).map((p) => p.row.upstreamId));
	const occupied = db.units.filter((u) => u.row.occupancyUpstreamId !== null && (unitId ? u.row.upstreamId === unitId : !hidden.has(u.row.propertyId)));
	if (!occupied.length) throw new HttpError(400, `no occupied unit ${unitId ?? ''}`.trim(), 'unitId');
	const order = addWorkOrder(db, db.random, {
		unit: db.random.pick(occupied),
		created: dateIn(record, 'createdAt', startOfDay(now)),
		status: oneOfValues(record, 'status', WORK_ORDER_STATUSES, 'New'),
		vendors: db.vendors.filter((v) => !v.invisible && !v.row.doNotUseForWorkOrder),
		staff: db.users.filter((u) => u.active),
	});
	return overlay(order, record, ['unitId', 'createdAt', 'status']);
}

/** An application received now (or on the day of `received`), status New unless given. */
function injectRentalApplication(db: Db, record: PartialRecord, now: Date): RentalApplication {
	const status = oneOfValues(record, 'status', applicationStatuses, 'New');
	const received = typeof record.received === 'string' ? dateIn({ received: record.received.slice(0, 10) }, 'received', now) : startOfDay(now);
	const row = addApplication(db, db.random, now, status, null, received);
	return overlay(row, record, ['status', 'received']);
}
