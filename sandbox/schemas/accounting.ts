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
export const incomeStatementRow = z.strictObject({ ...reportRowBase, ...periodColumns });
export const balanceSheetRow = z.strictObject({ ...reportRowBase, glAccountIds: strList, balance: money });
export const budgetComparativeRow = z.strictObject({
	...reportRowBase,
	budget: money,
	actual: money,
	variance: money,
	variancePercent: str,
});

export type GLAccount = z.infer<typeof glAccount>;
export type BankAccount = z.infer<typeof bankAccount>;
export type BankAccountActivity = z.infer<typeof bankAccountActivity>;
