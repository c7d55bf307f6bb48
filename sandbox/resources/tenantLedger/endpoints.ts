import type { Db, LedgerEntry, Occupancy } from '../../db/db';
import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { formatDate, formatMoney } from '../../shared/format';
import { visibleOccupancy } from '../../shared/lookups';
import { dateWindow, dbOf, scopedPropertyIds, single } from '../../shared/params';
import type { EndpointDef, QueryParams, SandboxContext } from '../../types';
import type { TenantLedger } from './schema';

function optionalOccupancy(ctx: SandboxContext, query: QueryParams): Occupancy | undefined {
	const id = single(query, 'occupancyId');
	return id === undefined ? undefined : visibleOccupancy(dbOf(ctx), id);
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

export const tenantLedgerEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/tenant-ledger',
		(ctx, query) => ({ occupancy: optionalOccupancy(ctx, query), window: dateWindow(ctx, query, 'all_time') }),
		(ctx, { occupancy, window }) => {
			const db = dbOf(ctx);
			const visible = new Set(scopedPropertyIds(ctx, {}));
			const occupancyIds = new Set(db.occupancies.filter((o) => (occupancy ? o === occupancy : visible.has(o.propertyId))).map((o) => o.id));
			return ledgerRows(db, db.ledger.filter((e) => occupancyIds.has(e.occupancyId)))
				.filter((row) => inWindow(window, row.day))
				// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest leaves this field out on purpose
				.map(({ day: _day, ...row }) => row);
		},
	),
];
