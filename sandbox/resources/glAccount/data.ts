import type { Db } from '../../db/db';
import type { GLAccount } from './schema';

type AccountType = GLAccount['accountType'];

/** [number, name, type, parent number]; parents are header accounts nothing posts to */
const CHART: Array<[string, string, AccountType, string | null]> = [
	['1000', 'Assets', 'Header', null],
	['1100', 'Operating Cash', 'Asset', '1000'],
	['1150', 'Security Deposit Cash', 'Asset', '1000'],
	['1200', 'Accounts Receivable', 'Asset', '1000'],
	['2000', 'Liabilities', 'Header', null],
	['2100', 'Accounts Payable', 'Liability', '2000'],
	['2200', 'Security Deposits Held', 'Liability', '2000'],
	['2300', 'Prepaid Rent', 'Liability', '2000'],
	['3000', 'Equity', 'Header', null],
	['3100', 'Owner Contribution', 'Equity', '3000'],
	['3200', 'Owner Distribution', 'Equity', '3000'],
	['3300', 'Retained Earnings', 'Equity', '3000'],
	['4000', 'Income', 'Header', null],
	['4100', 'Rent Income', 'Income', '4000'],
	['4200', 'Late Fee Income', 'Income', '4000'],
	['4300', 'Utility Reimbursement', 'Income', '4000'],
	['4400', 'Application Fee Income', 'Income', '4000'],
	['4500', 'Pet Rent', 'Income', '4000'],
	['6000', 'Expenses', 'Header', null],
	['6100', 'Repairs & Maintenance', 'Header', '6000'],
	['6110', 'Plumbing', 'Expense', '6100'],
	['6120', 'Electrical', 'Expense', '6100'],
	['6130', 'HVAC', 'Expense', '6100'],
	['6140', 'General Repairs', 'Expense', '6100'],
	['6200', 'Landscaping', 'Expense', '6000'],
	['6300', 'Cleaning', 'Expense', '6000'],
	['6400', 'Utilities', 'Header', '6000'],
	['6410', 'Water & Sewer', 'Expense', '6400'],
	['6420', 'Electricity', 'Expense', '6400'],
	['6430', 'Gas', 'Expense', '6400'],
	['6440', 'Trash Removal', 'Expense', '6400'],
	['6500', 'Insurance', 'Expense', '6000'],
	['6600', 'Property Management Fees', 'Expense', '6000'],
	['6700', 'Pest Control', 'Expense', '6000'],
	['6800', 'Supplies', 'Expense', '6000'],
	['6900', 'Property Taxes', 'Expense', '6000'],
];

export function generateGlAccounts(): GLAccount[] {
	const idOf = (number: string) => String(CHART.findIndex(([n]) => n === number) + 1);
	const nameOf = (number: string) => `${number} - ${CHART.find(([n]) => n === number)![1]}`;
	return CHART.map(([number, accountName, accountType, parent]) => ({
		upstreamId: idOf(number),
		accountName,
		accountType,
		number,
		subAccountOf: parent ? nameOf(parent) : null,
		subAccountOfId: parent ? idOf(parent) : null,
		offsetAccount: accountType === 'Income' ? nameOf('1200') : null,
		offsetAccountId: accountType === 'Income' ? idOf('1200') : null,
		options: accountType === 'Income' ? ['Late Fee Eligible'] : null,
		hidden: number === '3100',
		subjectToTaxAuthority: accountType === 'Income' && number !== '4400',
		fundAccount: null,
	}));
}

export function glAccountLabel(account: GLAccount): string {
	return `${account.number} - ${account.accountName}`;
}

export function glAccountByNumber(db: Db, number: string): GLAccount {
	const account = db.glAccounts.find((a) => a.number === number);
	if (!account) throw new Error(`chart of accounts lacks ${number}`);
	return account;
}

export function isPostable(account: GLAccount): boolean {
	return account.accountType !== 'Header';
}
