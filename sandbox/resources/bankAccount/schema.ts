import { z } from 'zod';
import { bool, date, int, isoTimestamp, money, ndate, nmoney, nstr, str } from '../../shared/schemas';

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

export type BankAccount = z.infer<typeof bankAccount>;
export type BankAccountActivity = z.infer<typeof bankAccountActivity>;
