import { endpoints, itemSchemas } from '../../../sandbox/resources';
import type { QueryParams } from '../../../sandbox/types';
import { makeContext, read } from './context';

const ctx = makeContext();
const db = ctx.db;
const occupancyWith = (items: Array<{ occupancyId: string | null }>) => items.find((i) => i.occupancyId)!.occupancyId!;

/** queries that make each endpoint return rows (parameterised endpoints need an id) */
function sampleQueries(): Record<string, { query?: QueryParams; params?: Record<string, string> }> {
	const email = db.emails.find((e) => e.occupancyId)!;
	const sms = db.sms[0];
	return {
		'/v1/tenant-events': { query: { dateRange: 'all_time' } },
		'/v1/guest-cards': { query: { dateRange: 'all_time' } },
		'/v1/rental-applications': { query: { dateRange: 'all_time' } },
		'/v1/lead-source-tracking': { query: { dateRange: 'all_time' } },
		'/v1/unit-vacancies': { query: { dateRange: 'all_time' } },
		'/v1/work-orders': { query: { dateRange: 'all_time' } },
		'/v1/bank-account-activity': { query: { dateRange: 'last_90_days' } },
		'/v1/tenants': { query: { status: 'all' } },
		'/v1/tenant-ledger': { query: { occupancyId: db.ledger[0].occupancyId } },
		'/v1/lease-documents': { query: { occupancyId: db.occupancies[0].id } },
		'/v1/letters': { query: { occupancyId: occupancyWith(db.letters) } },
		'/v1/attachments': { query: { occupancyId: occupancyWith(db.attachments) } },
		'/v1/file': { query: { id: db.attachments[0].upstreamId } },
		'/v1/emails': { query: { occupancyId: email.occupancyId! } },
		'/v1/email': { query: { emailId: email.email.upstreamId } },
		'/v1/sms': { query: { toNumber: sms.remotePartyNumber.replace(/\D/g, '') } },
		'/v1/bills/:upstreamId': { params: { upstreamId: db.bills.find((b) => b.detail.attachments.length && b.detail.vendorId !== db.vendors.find((v) => v.invisible)!.row.upstreamId && b.propertyIds.every((id) => !db.properties.find((p) => p.row.upstreamId === id)!.invisible))!.detail.upstreamId } },
		'/v1/purchase-orders/:upstreamId': { params: { upstreamId: db.purchaseOrders.find((o) => o.billIds.length)!.upstreamId } },
		'/v1/cash-flow': { query: { dateRange: 'last_month' } },
		'/v1/income-statement': { query: { date: '02/28/2026', accounting: 'accrual' } },
		'/v1/lease-history': { query: { dateFrom: '01/2020', dateTo: '12/2027' } },
	};
}

describe('every read endpoint returns rows its strict item schema accepts', () => {
	const samples = sampleQueries();
	const reads = endpoints.filter((e) => e.kind === 'read');

	it('serves every read path of the spec', () => {
		expect(reads.map((e) => e.path).sort()).toEqual(
			Object.keys(itemSchemas)
				.filter((k) => k.startsWith('GET '))
				.map((k) => k.slice(4))
				.sort(),
		);
	});

	it.each(reads.map((e) => e.path))('%s', (path) => {
		const schema = itemSchemas[`GET ${path}`];
		const rows = read(ctx, path, samples[path]?.query ?? {}, samples[path]?.params ?? {});
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			const result = schema.safeParse(row);
			if (!result.success) throw new Error(`${path}: ${JSON.stringify(result.error.issues.slice(0, 3))}\n${JSON.stringify(row).slice(0, 400)}`);
		}
	});
});
