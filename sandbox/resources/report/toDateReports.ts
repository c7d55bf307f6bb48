import { addMonths, startOfDay } from '../../shared/format';
import { dateParam, dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { QueryParams, SandboxContext } from '../../types';
import type { GLAccount } from '../glAccount/schema';
import { accountTree, money, percent, postingSums, reportBase, totalRow, type TreeRow } from './accountTree';

/** the report's as-of day (MM/DD/YYYY `date`, default today) and the month, year and last year to that day */
function toDateWindows(ctx: SandboxContext, query: QueryParams) {
	const asOf = dateParam(query, 'date') ?? startOfDay(ctx.now());
	const year = asOf.getUTCFullYear();
	return {
		asOf,
		month: { from: new Date(Date.UTC(year, asOf.getUTCMonth(), 1)), to: asOf },
		year: { from: new Date(Date.UTC(year, 0, 1)), to: asOf },
		lastYear: { from: new Date(Date.UTC(year - 1, 0, 1)), to: addMonths(asOf, -12) },
	};
}

export function toDateReport(ctx: SandboxContext, query: QueryParams) {
	return {
		ids: scopedPropertyIds(ctx, query),
		cashBasis: oneOf(query, 'accounting', ['cash', 'accrual'] as const, 'cash') === 'cash',
		...toDateWindows(ctx, query),
	};
}

function depthOf(rows: TreeRow[], row: TreeRow): number {
	let depth = 1;
	for (let parent = row.parentId; parent; parent = rows.find((r) => r.id === parent)!.parentId) depth++;
	return depth;
}

const plainPercent = (part: number, whole: number) => (whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2));

/** the docs' income statement: month, year and last year to date per account, in percent of income */
export function incomeStatementRows(ctx: SandboxContext, f: ReturnType<typeof toDateReport>) {
	const db = dbOf(ctx);
	const sums = { mtd: postingSums(db, f.ids, f.cashBasis, f.month), ytd: postingSums(db, f.ids, f.cashBasis, f.year), lytd: postingSums(db, f.ids, f.cashBasis, f.lastYear) };
	const rows = accountTree(
		db,
		['4000', '6000'],
		(a) => ({ mtd: sums.mtd.get(a.upstreamId) ?? 0, ytd: sums.ytd.get(a.upstreamId) ?? 0, lytd: sums.lytd.get(a.upstreamId) ?? 0 }),
		(v) => v.mtd !== 0 || v.ytd !== 0 || v.lytd !== 0,
	);
	const income = rows.find((r) => r.glAccountCode === '4000')!.values;
	const expenses = rows.find((r) => r.glAccountCode === '6000')!.values;
	const net = { mtd: (income.mtd ?? 0) - (expenses.mtd ?? 0), ytd: (income.ytd ?? 0) - (expenses.ytd ?? 0), lytd: (income.lytd ?? 0) - (expenses.lytd ?? 0) };
	rows.push(totalRow(rows, 'Net Operating Income', net));
	const unitCount = Math.max(1, db.units.filter((u) => f.ids.has(u.row.propertyId)).length);
	return rows.map((row, index) => {
		const v = { mtd: row.values.mtd ?? 0, ytd: row.values.ytd ?? 0, lytd: row.values.lytd ?? 0 };
		const header = row.childIds.length > 0;
		return {
			id: index + 1,
			accountName: row.title,
			level: String(depthOf(rows, row)),
			treeNodeLabel: row.glAccountCode ? `GL.${row.glAccountCode}.${row.title}` : `TOTAL.${row.title}`,
			treeNodeId: index + 1,
			accountNumber: row.glAccountCode,
			rowType: row.glAccountId === null ? ('total' as const) : header ? ('header' as const) : ('row' as const),
			monthToDate: money(v.mtd),
			monthToDatePercent: plainPercent(v.mtd, income.mtd ?? 0),
			yearToDate: money(v.ytd),
			yearToDatePercent: plainPercent(v.ytd, income.ytd ?? 0),
			lastYearToDate: money(v.lytd),
			lastYearToDatePercent: plainPercent(v.lytd, income.lytd ?? 0),
			monthToDateDollarsPerUnit: money(Math.round(v.mtd / unitCount)),
			glAccountId: row.glAccountId,
		};
	});
}

/**
 * The docs' annual budget comparative: actuals and the budget (a twelfth of the annual budget per
 * month) to date; the docs' example percentages are budget ÷ actual ("11,000 / 12,333 = 89.19%").
 */
export function budgetRows(ctx: SandboxContext, f: ReturnType<typeof toDateReport>) {
	const db = dbOf(ctx);
	const mtd = postingSums(db, f.ids, f.cashBasis, f.month);
	const ytd = postingSums(db, f.ids, f.cashBasis, f.year);
	const monthsToDate = f.asOf.getUTCMonth() + 1;
	const annualOf = (account: GLAccount) => [...f.ids].reduce((total, id) => total + (db.budgets.get(`${id}:${account.upstreamId}`) ?? 0), 0);
	const rows = accountTree(
		db,
		['4000', '6000'],
		(a) => ({ annual: annualOf(a), mtd: mtd.get(a.upstreamId) ?? 0, ytd: ytd.get(a.upstreamId) ?? 0 }),
		(v) => v.annual !== 0 || v.mtd !== 0 || v.ytd !== 0,
	);
	return rows.map((row) => {
		const annual = row.values.annual ?? 0;
		const actual = { mtd: row.values.mtd ?? 0, ytd: row.values.ytd ?? 0 };
		const budget = { mtd: Math.round(annual / 12), ytd: Math.round((annual * monthsToDate) / 12) };
		return {
			...reportBase(row),
			mtdActual: money(actual.mtd),
			mtdBudget: money(budget.mtd),
			mtdAmountVariance: money(actual.mtd - budget.mtd),
			mtdPercentVariance: percent(budget.mtd, actual.mtd),
			ytdActual: money(actual.ytd),
			ytdBudget: money(budget.ytd),
			ytdAmountVariance: money(actual.ytd - budget.ytd),
			ytdPercentVariance: percent(budget.ytd, actual.ytd),
			annual: money(annual),
			note: null,
		};
	});
}
