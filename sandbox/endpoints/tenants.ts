import { fileView as storedFileView } from '../data/files';
import type { Db, LedgerEntry, Occupancy } from '../data/db';
import { formatDate, formatMoney, parseKnownDate } from '../data/format';
import { tenantStatuses } from '../schemas/tenants';
import type { TenantEvent, TenantLedger } from '../schemas/tenants';
import type { EndpointDef, QueryParams, SandboxContext } from '../types';
import { HttpError } from '../types';
import { inWindow } from './dateRange';
import { readEndpoint } from './define';
import { leaseHistoryEndpoint } from './leaseHistory';
import { dateWindow, dbOf, findVisibleProperty, manyOf, oneOf, scopedPropertyIds, single } from './params';

const EVENT_TYPES = ['Move-in', 'Move-out', 'Notice'] as const;

/** an occupancy the connected user can see; unknown or invisible → 400 naming the field */
export function visibleOccupancy(db: Db, id: string | undefined, field = 'occupancyId'): Occupancy {
	const occupancy = id === undefined ? undefined : db.occupancies.find((o) => o.id === String(id));
	if (!occupancy || !findVisibleProperty(db, occupancy.propertyId)) throw new HttpError(400, `${field} ${id ?? ''} is not an occupancy of the account`.replace('  ', ' '), field);
	return occupancy;
}

function optionalOccupancy(ctx: SandboxContext, query: QueryParams): Occupancy | undefined {
	const id = single(query, 'occupancyId');
	return id === undefined ? undefined : visibleOccupancy(dbOf(ctx), id);
}

function requiredOccupancy(ctx: SandboxContext, query: QueryParams): Occupancy {
	const id = single(query, 'occupancyId');
	if (id === undefined) throw new HttpError(400, 'occupancyId is required', 'occupancyId');
	return visibleOccupancy(dbOf(ctx), id);
}

/** running balance over the occupancy's whole ledger, then the date filter */
export function ledgerRows(db: Db, entries: LedgerEntry[]): Array<TenantLedger & { day: Date }> {
	const ordered = [...entries].sort((a, b) => Number(a.occupancyId) - Number(b.occupancyId) || a.date.getTime() - b.date.getTime() || a.transactionId - b.transactionId);
	const balances = new Map<string, number>();
	return ordered.map((entry) => {
		const balance = (balances.get(entry.occupancyId) ?? 0) + entry.cents;
		balances.set(entry.occupancyId, balance);
		return {
			day: entry.date,
			rowId: entry.transactionId,
			credit: entry.cents < 0 ? formatMoney(-entry.cents / 100) : null,
			debit: entry.cents > 0 ? formatMoney(entry.cents / 100) : null,
			balance: formatMoney(balance / 100),
			date: formatDate(entry.date),
			description: entry.description,
			payer: entry.payer,
			transaction: { id: entry.transactionId, type: entry.type, createdAt: entry.createdAt.toISOString() },
		};
	});
}

export const tenantEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/tenants',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			visibility: oneOf(query, 'visibility', ['active', 'hidden', 'all'] as const, 'active'),
			statuses: manyOf(query, 'status', tenantStatuses, ['current', 'notice']),
		}),
		(ctx, { ids, visibility, statuses }) =>
			dbOf(ctx)
				.tenants.filter(
					(t) =>
						ids.has(t.propertyId) &&
						(visibility === 'all' || t.hidden === (visibility === 'hidden')) &&
						(!statuses || statuses.includes(t.statusKey)),
				)
				.map((t) => t.row),
	),
	readEndpoint(
		'/v1/tenant-events',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			window: dateWindow(ctx, query, 'this_month'),
			events: manyOf(query, 'eventType', EVENT_TYPES, ['all' as never]),
		}),
		(ctx, { ids, window, events }) =>
			dbOf(ctx)
				.tenantEvents.filter(
					(e) => ids.has(String(e.property.upstreamId)) && inWindow(window, parseKnownDate(e.occurredDate)) && (!events || events.includes(e.event)),
				)
				.sort(byOccurred),
	),
	readEndpoint(
		'/v1/tenant-ledger',
		(ctx, query) => ({ occupancy: optionalOccupancy(ctx, query), window: dateWindow(ctx, query, 'all_time') }),
		(ctx, { occupancy, window }) => {
			const db = dbOf(ctx);
			const visible = new Set(scopedPropertyIds(ctx, {}));
			const occupancyIds = new Set(db.occupancies.filter((o) => (occupancy ? o === occupancy : visible.has(o.propertyId))).map((o) => o.id));
			return ledgerRows(db, db.ledger.filter((e) => occupancyIds.has(e.occupancyId)))
				.filter((row) => inWindow(window, row.day))
				.map(({ day: _day, ...row }) => row);
		},
	),
	leaseHistoryEndpoint,
	readEndpoint('/v1/lease-documents', (ctx, query) => requiredOccupancy(ctx, query), (ctx, occupancy) =>
		dbOf(ctx)
			.leaseDocuments.filter((d) => d.occupancyId === occupancy.id)
			.map((d) => ({
				name: d.name,
				leaseFrom: d.leaseFrom ? formatDate(d.leaseFrom) : null,
				leaseTo: d.leaseTo ? formatDate(d.leaseTo) : null,
				status: d.status,
				leaseDocumentId: d.upstreamId,
				file: fileView(ctx, d.fileId),
			})),
	),
	readEndpoint('/v1/letters', (ctx, query) => requiredOccupancy(ctx, query), (ctx, occupancy) =>
		dbOf(ctx)
			.letters.filter((d) => d.occupancyId === occupancy.id)
			.map((d) => ({ upstreamId: d.upstreamId, name: d.name, createdAt: d.createdAt.toISOString(), category: d.category, file: fileView(ctx, d.fileId) })),
	),
];

export function fileView(ctx: SandboxContext, fileId: string) {
	return storedFileView(dbOf(ctx).files.get(fileId)!, ctx.origin);
}

function byOccurred(a: TenantEvent, b: TenantEvent): number {
	return parseKnownDate(a.occurredDate).getTime() - parseKnownDate(b.occurredDate).getTime() || a.occupancy.upstreamId - b.occupancy.upstreamId;
}

