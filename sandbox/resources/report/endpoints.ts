import { resolveDateRange } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { addDays, startOfDay } from '../../shared/format';
import { dateParam, dateWindow, dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef, QueryParams, SandboxContext } from '../../types';
import type { GLAccount } from '../glAccount/schema';
import { accountTree, money, percent, postingSums, reportBase, totalRow } from './accountTree';
import { budgetRows, incomeStatementRows, toDateReport } from './toDateReports';

function operatingReport(ctx: SandboxContext, query: QueryParams, withOwnerPercent: boolean) {
	const ids = scopedPropertyIds(ctx, query);
	const cashBasis = oneOf(query, 'accounting', ['cash', 'accrual'] as const, 'cash') === 'cash';
	const window = dateWindow(ctx, query, 'this_month_to_date');
	if (withOwnerPercent) oneOf(query, 'ownerPercentBased', ['Yes', 'No'] as const, 'No');
	return { ids, cashBasis, window };
}

function operatingRows(ctx: SandboxContext, f: ReturnType<typeof operatingReport>) {
	const db = dbOf(ctx);
	const end = f.window.to ?? startOfDay(ctx.now());
	const selected = postingSums(db, f.ids, f.cashBasis, f.window);
	const yearToDate = postingSums(db, f.ids, f.cashBasis, { from: new Date(Date.UTC(end.getUTCFullYear(), 0, 1)), to: end });
	const rows = accountTree(db, ['4000', '6000'], (a) => ({ selected: selected.get(a.upstreamId) ?? 0, ytd: yearToDate.get(a.upstreamId) ?? 0 }), (v) => v.selected !== 0 || v.ytd !== 0);
	const income = rows.find((r) => r.glAccountCode === '4000')!.values;
	const expenses = rows.find((r) => r.glAccountCode === '6000')!.values;
	const net = { selected: (income.selected ?? 0) - (expenses.selected ?? 0), ytd: (income.ytd ?? 0) - (expenses.ytd ?? 0) };
	rows.push(totalRow(rows, 'Net Operating Income', net));
	return rows.map((row) => ({
		...reportBase(row),
		selectedPeriod: money(row.values.selected ?? 0),
		selectedPeriodAsPercent: percent(row.values.selected ?? 0, income.selected ?? 0),
		fiscalYearToDate: money(row.values.ytd ?? 0),
		fiscalYearToDateAsPercent: percent(row.values.ytd ?? 0, income.ytd ?? 0),
	}));
}

const AS_OF = ['today', 'yesterday', 'end_of_last_week', 'end_of_last_month', 'end_of_last_quarter', 'end_of_last_year', 'end_of_this_month', 'end_of_this_quarter', 'end_of_this_year'] as const;

function asOfDate(ctx: SandboxContext, query: QueryParams): Date {
	// read even when `date` overrides it: a known parameter (the hostile profile refuses parameters never read)
	void query.asOf;
	const date = dateParam(query, 'date');
	if (date) return date;
	const now = ctx.now();
	const choice = oneOf(query, 'asOf', AS_OF, 'end_of_this_month');
	const year = startOfDay(now).getUTCFullYear();
	const ends: Record<(typeof AS_OF)[number], () => Date> = {
		today: () => startOfDay(now),
		yesterday: () => addDays(startOfDay(now), -1),
		end_of_last_week: () => resolveDateRange('last_week', now).to!,
		end_of_last_month: () => resolveDateRange('last_month', now).to!,
		end_of_last_quarter: () => resolveDateRange('last_quarter', now).to!,
		end_of_last_year: () => new Date(Date.UTC(year - 1, 11, 31)),
		end_of_this_month: () => resolveDateRange('this_month', now).to!,
		end_of_this_quarter: () => resolveDateRange('this_quarter', now).to!,
		end_of_this_year: () => new Date(Date.UTC(year, 11, 31)),
	};
	return ends[choice]();
}

/** balances as of a day: receivables, payables, deposits and the cash they imply, per scoped property */
function balanceSheetRows(ctx: SandboxContext, f: { ids: Set<string>; cashBasis: boolean; asOf: Date; includeZero: boolean }) {
	const db = dbOf(ctx);
	const upTo = { from: null, to: f.asOf };
	const sums = postingSums(db, f.ids, false, upTo);
	const settled = postingSums(db, f.ids, true, upTo);
	const sumOf = (map: Map<string, number>, type: GLAccount['accountType']) =>
		db.glAccounts.filter((a) => a.accountType === type).reduce((total, a) => total + (map.get(a.upstreamId) ?? 0), 0);
	const occupancies = db.occupancies.filter((o) => f.ids.has(o.propertyId) && o.moveIn <= f.asOf && (!o.moveOut || o.moveOut > f.asOf));
	const deposits = occupancies.reduce((total, o) => total + Math.round(o.deposit * 100), 0);
	const receivable = f.cashBasis ? 0 : sumOf(sums, 'Income') - sumOf(settled, 'Income');
	const payable = f.cashBasis ? 0 : sumOf(sums, 'Expense') - sumOf(settled, 'Expense');
	const cash = sumOf(settled, 'Income') - sumOf(settled, 'Expense');
	const byNumber: Record<string, number> = { '1100': cash, '1150': deposits, '1200': receivable, '2100': payable, '2200': deposits, '3300': cash + receivable - payable };
	const rows = accountTree(db, ['1000', '2000', '3000'], (a) => ({ balance: byNumber[a.number] ?? 0 }), (v) => f.includeZero || v.balance !== 0);
	return rows.map((row) => ({
		...reportBase(row),
		glAccountIds: row.glAccountId ? [row.glAccountId, ...rows.filter((r) => r.parentId === row.id && r.glAccountId).map((r) => r.glAccountId!)] : [],
		balance: money(row.values.balance ?? 0),
	}));
}

export const reportEndpoints: EndpointDef[] = [
	readEndpoint('/v1/cash-flow', (ctx, query) => operatingReport(ctx, query, true), operatingRows),
	readEndpoint('/v1/income-statement', toDateReport, incomeStatementRows),
	readEndpoint(
		'/v1/balance-sheet',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			cashBasis: oneOf(query, 'accounting', ['cash', 'accrual'] as const, 'cash') === 'cash',
			asOf: asOfDate(ctx, query),
			includeZero: oneOf(query, 'includeZeroBalanceGlAccounts', ['Yes', 'No'] as const, 'No') === 'Yes',
		}),
		balanceSheetRows,
	),
	readEndpoint('/v1/annual-budget-comparative', toDateReport, budgetRows),
];
