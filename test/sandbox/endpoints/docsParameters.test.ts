/** The parameters the docs' resource pages give the formerly "not shown" endpoints. */
import { parseDate } from '../../../sandbox/shared/format';
import { resolveMonthRange } from '../../../sandbox/shared/monthRange';
import { failure, makeContext, NOW, read } from './context';

const ctx = makeContext();
const db = ctx.db;
const day = (text: string) => parseDate(text)!.getTime();

describe('GET /v1/lease-history', () => {
	it('defaults to this and the next six months of lease starts', () => {
		const rows = read(ctx, '/v1/lease-history');
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			expect(day(row.leaseStart)).toBeGreaterThanOrEqual(day('03/01/2026'));
			expect(day(row.leaseStart)).toBeLessThanOrEqual(day('09/30/2026'));
		}
	});

	it('resolves its own month ranges as whole months', () => {
		const window = (range: Parameters<typeof resolveMonthRange>[0]) => {
			const { from, to } = resolveMonthRange(range, NOW);
			return [from!.toISOString().slice(0, 10), to!.toISOString().slice(0, 10)];
		};
		expect(window('this_month')).toEqual(['2026-03-01', '2026-03-31']);
		expect(window('last_quarter')).toEqual(['2025-10-01', '2025-12-31']);
		expect(window('this_year_to_month')).toEqual(['2026-01-01', '2026-03-31']);
		expect(window('trailing_3_months')).toEqual(['2025-12-01', '2026-02-28']);
		expect(window('rolling_12_months')).toEqual(['2025-04-01', '2026-03-31']);
		expect(window('this_and_next_3_months')).toEqual(['2026-03-01', '2026-06-30']);
	});

	it('takes dateFrom/dateTo as MM/YYYY and names a bad one', () => {
		const rows = read(ctx, '/v1/lease-history', { dateFrom: '1/2025', dateTo: '02/2025' });
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) expect(row.leaseStart).toMatch(/^0[12]\/\d{2}\/2025$/);
		expect(failure(() => read(ctx, '/v1/lease-history', { dateFrom: '01/15/2025' }))).toMatchObject({ status: 400, field: 'dateFrom' });
		expect(failure(() => read(ctx, '/v1/lease-history', { dateRange: 'all_time' }))).toMatchObject({ status: 400, field: 'dateRange' });
	});

	it('filters by lease status, visibility and the countersigned date', () => {
		const all = { dateFrom: '01/2000', dateTo: '12/2099' };
		const rows = read(ctx, '/v1/lease-history', all);
		const notRenewed = read(ctx, '/v1/lease-history', { ...all, leaseStatus: 'Did Not Renew' });
		expect(notRenewed.length).toBeGreaterThan(0);
		expect(notRenewed.length).toBeLessThan(rows.length);
		expect(notRenewed.every((row) => row.status === 'Did Not Renew')).toBe(true);
		const hidden = read(ctx, '/v1/lease-history', { ...all, tenantVisibility: 'hidden' });
		expect(hidden.length).toBeGreaterThan(0);
		expect(hidden.every((row) => row.tenant.visibility === 'Hidden')).toBe(true);
		const countersigned = read(ctx, '/v1/lease-history', { dateRange: 'last_month', filterLeaseBy: 'Lease Countersigned Date' });
		expect(countersigned.length).toBeGreaterThan(0);
		for (const row of countersigned) expect(row.countersignedDate).toMatch(/^02\/\d{2}\/2026$/);
		expect(failure(() => read(ctx, '/v1/lease-history', { leaseStatus: 'Active' }))).toMatchObject({ status: 400, field: 'leaseStatus' });
	});
});

describe('the other endpoints the docs describe', () => {
	it('rent roll recurring filters by GL account ids', () => {
		const pet = db.glAccounts.find((a) => a.number === '4500')!.upstreamId;
		const rows = read(ctx, '/v1/rent-roll-recurring', { glAccountIds: pet });
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.every((row) => row.glAccount === 'Pet Rent')).toBe(true);
		expect(read(ctx, '/v1/rent-roll-recurring').length).toBeGreaterThan(rows.length);
		expect(failure(() => read(ctx, '/v1/rent-roll-recurring', { glAccountIds: '999' }))).toMatchObject({ status: 400, field: 'glAccountIds' });
	});

	it('user-roles answers one object, the connected user’s role', () => {
		const rows = read(ctx, '/v1/user-roles');
		expect(rows).toHaveLength(1);
		expect(rows[0].name).toBe(db.me.role);
	});

	it('work orders filter by the docs’ statuses', () => {
		const rows = read(ctx, '/v1/work-orders', { dateRange: 'all_time', status: 'Ready to Bill' });
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.every((row) => row.status === 'Ready to Bill' && row.workCompletedOn !== null)).toBe(true);
		expect(read(ctx, '/v1/work-orders', { dateRange: 'all_time', status: 'Canceled' }).every((row) => row.cancelledOn !== null && row.completedOn === null)).toBe(true);
	});

	it('income statement and budget comparative report to an as-of date', () => {
		const income = read(ctx, '/v1/income-statement', { date: '02/28/2026', accounting: 'accrual' });
		const rent = income.find((row) => row.accountNumber === '4100')!;
		expect(rent).toMatchObject({ rowType: 'row', level: '2', treeNodeLabel: 'GL.4100.Rent Income' });
		expect(income.at(-1)).toMatchObject({ rowType: 'total', accountName: 'Net Operating Income' });
		const budget = read(ctx, '/v1/annual-budget-comparative', { date: '02/28/2026' });
		const rentBudget = budget.find((row) => row.glAccountCode === '4100')!;
		expect(rentBudget.ytdPercentVariance).toMatch(/^\d+\.\d{2}%$/);
		expect(rentBudget.annual).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
	});
});
