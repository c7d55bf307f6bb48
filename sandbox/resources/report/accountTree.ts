/**
 * The GL-account tree and the figures the financial reports share: the reports read as of a date
 * (endpoints.ts) and those summed to date (toDateReports.ts) both build their rows here.
 */
import type { Db } from '../../db/db';
import { type DateWindow, inWindow } from '../../shared/dateRange';
import { formatReportMoney } from '../../shared/format';
import type { GLAccount } from '../glAccount/schema';

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
