import type { Db } from '../../db/db';
import { type DateWindow, inWindow, resolveDateRange } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { addDays, formatReportMoney, startOfDay } from '../../shared/format';
import { dateParam, dateWindow, dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef, QueryParams, SandboxContext } from '../../types';
import type { GLAccount } from '../glAccount/schema';
import { budgetRows, incomeStatementRows, toDateReport } from './toDateReports';

type Columns = Record<string, number>;

export interface TreeRow {
	id: string;
	title: string;
	glAccountId: string | null;
	glAccountName: string | null;
	glAccountCode: string | null;
	parentId: string | null;
	childIds: string[];
	values: Columns;
}

/**
 * The chart of accounts under the given top-level numbers as a tree; header rows sum their
 * children. Row ids are ephemeral (`r1`, `r2`, …) as the spec says.
 */
export function accountTree(db: Db, roots: string[], valueOf: (account: GLAccount) => Columns, keep: (values: Columns) => boolean): TreeRow[] {
	const rows: TreeRow[] = [];
	const visit = (account: GLAccount, parentId: string | null): Columns | null => {
		const row: TreeRow = {
			id: `r${rows.length + 1}`,
			title: account.accountName,
			glAccountId: account.upstreamId,
			glAccountName: `${account.number} - ${account.accountName}`,
			glAccountCode: account.number,
			parentId,
			childIds: [],
			values: {},
		};
		rows.push(row);
		if (account.accountType === 'Header') {
			const totals: Columns = {};
			for (const child of db.glAccounts.filter((a) => a.subAccountOfId === account.upstreamId)) {
				const childValues = visit(child, row.id);
				if (!childValues) continue;
				row.childIds.push(rows.find((r) => r.glAccountId === child.upstreamId)!.id);
				for (const [key, value] of Object.entries(childValues)) totals[key] = (totals[key] ?? 0) + value;
			}
			row.values = totals;
			if (row.childIds.length === 0 && parentId !== null) {
				rows.splice(rows.indexOf(row), 1);
				return null;
			}
			return totals;
		}
		row.values = valueOf(account);
		if (!keep(row.values)) {
			rows.splice(rows.indexOf(row), 1);
			return null;
		}
		return row.values;
	};
	for (const number of roots) visit(db.glAccounts.find((a) => a.number === number)!, null);
	return rows;
}

export function totalRow(rows: TreeRow[], title: string, values: Columns): TreeRow {
	return { id: `r${rows.length + 1}`, title, glAccountId: null, glAccountName: null, glAccountCode: null, parentId: null, childIds: [], values };
}

export function reportBase(row: TreeRow) {
	return { id: row.id, title: row.title, glAccountId: row.glAccountId, glAccountName: row.glAccountName, glAccountCode: row.glAccountCode, parentId: row.parentId, childIds: row.childIds };
}

export function postingSums(db: Db, ids: Set<string>, cashBasis: boolean, window: DateWindow): Map<string, number> {
	const sums = new Map<string, number>();
	for (const posting of db.journal) {
		if (!ids.has(posting.propertyId) || (cashBasis && !posting.settled) || !inWindow(window, posting.date)) continue;
		sums.set(posting.glAccountId, (sums.get(posting.glAccountId) ?? 0) + posting.cents);
	}
	return sums;
}

export const percent = (part: number, whole: number) => (whole === 0 ? '0.00%' : `${((part / whole) * 100).toFixed(2)}%`);
export const money = (cents: number) => formatReportMoney(cents / 100);

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
