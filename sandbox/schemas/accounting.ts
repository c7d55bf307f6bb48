import { z } from 'zod';
import { bool, date, int, isoTimestamp, money, ndate, nmoney, nstr, reportRowBase, str, strList } from './common';

export const glAccount = z.strictObject({
	upstreamId: str,
	accountName: str,
	accountType: z.enum(['Header', 'Asset', 'Liability', 'Equity', 'Income', 'Expense']),
	number: str,
	subAccountOf: nstr,
	subAccountOfId: nstr,
	offsetAccount: nstr,
	offsetAccountId: nstr,
	options: strList.nullable(),
	hidden: bool,
	subjectToTaxAuthority: bool,
	fundAccount: nstr,
});

export const bankAccount = z.strictObject({
	upstreamId: str,
	name: str,
	bankName: str,
	corporate: bool,
	hidden: bool,
	lastReconciliation: ndate,
	maskedAccountNumber: str,
	maskedRoutingNumber: str,
	paymentsEnabledStatus: str,
});

export const bankAccountActivity = z.strictObject({
	rowId: int,
	credit: nmoney,
	debit: nmoney,
	balance: money,
	transactionType: str,
	date,
	description: nstr,
	reference: nstr,
	payeeName: nstr,
	transaction: z.strictObject({ id: int, type: str }),
	createdAt: isoTimestamp,
	lastEditedAt: isoTimestamp,
	reconciled: bool,
});

const periodColumns = {
	selectedPeriod: money,
	selectedPeriodAsPercent: str,
	fiscalYearToDate: money,
	fiscalYearToDateAsPercent: str,
};

export const cashFlowRow = z.strictObject({ ...reportRowBase, ...periodColumns });
/** the docs' IncomeStatement object: one row per GL account or total, percentages without a % sign */
export const incomeStatementRow = z.strictObject({
	id: int,
	accountName: str,
	level: str,
	treeNodeLabel: str,
	treeNodeId: int,
	accountNumber: nstr,
	rowType: z.enum(['header', 'row', 'total']),
	monthToDate: money,
	monthToDatePercent: str,
	yearToDate: money,
	yearToDatePercent: str,
	lastYearToDate: money,
	lastYearToDatePercent: str,
	monthToDateDollarsPerUnit: money,
	glAccountId: nstr,
});
export const balanceSheetRow = z.strictObject({ ...reportRowBase, glAccountIds: strList, balance: money });
/** the docs' AnnualBudgetComparative object: month and year to date against the budget */
export const budgetComparativeRow = z.strictObject({
	...reportRowBase,
	mtdActual: money,
	mtdBudget: money,
	mtdAmountVariance: money,
	mtdPercentVariance: str,
	ytdActual: money,
	ytdBudget: money,
	ytdAmountVariance: money,
	ytdPercentVariance: str,
	annual: money,
	note: nstr,
});

export type GLAccount = z.infer<typeof glAccount>;
export type BankAccount = z.infer<typeof bankAccount>;
export type BankAccountActivity = z.infer<typeof bankAccountActivity>;
