import { inWindow } from '../../shared/dateRange';
import { noFilters, readEndpoint } from '../../shared/define';
import { formatDate, formatMoney } from '../../shared/format';
import { dateWindow, dbOf, single } from '../../shared/params';
import { type EndpointDef, HttpError } from '../../types';
import { recordsOf } from '../../db/db';
import { BANK_ACCOUNTS } from './data';
import type { BankAccount } from './schema';

/** The account's bank accounts, as this resource seeded them (index.ts `records`). */
const bankAccountsOf = (ctx: Parameters<typeof dbOf>[0]) => recordsOf<BankAccount>(dbOf(ctx), BANK_ACCOUNTS);

export const bankAccountEndpoints: EndpointDef[] = [
	readEndpoint('/v1/bank-accounts', noFilters, (ctx) => bankAccountsOf(ctx)),
	readEndpoint(
		'/v1/bank-account-activity',
		(ctx, query) => {
			const bankAccountId = single(query, 'bankAccountId');
			if (bankAccountId !== undefined && !bankAccountsOf(ctx).some((a) => a.upstreamId === bankAccountId)) {
				throw new HttpError(400, `bankAccountId ${bankAccountId} is not a bank account of the account`, 'bankAccountId');
			}
			return { bankAccountId, window: dateWindow(ctx, query, 'this_month_to_date') };
		},
		(ctx, f) => {
			const balances = new Map<string, number>();
			return dbOf(ctx)
				.bankActivity.filter((entry) => !f.bankAccountId || entry.bankAccountId === f.bankAccountId)
				.map((entry) => {
					const balance = (balances.get(entry.bankAccountId) ?? 0) + entry.cents;
					balances.set(entry.bankAccountId, balance);
					const createdAt = new Date(entry.date.getTime() + 10 * 3_600_000).toISOString();
					return {
						entry,
						row: {
							rowId: entry.transactionId,
							credit: entry.cents > 0 ? formatMoney(entry.cents / 100) : null,
							debit: entry.cents < 0 ? formatMoney(-entry.cents / 100) : null,
							balance: formatMoney(balance / 100),
							transactionType: entry.transactionType,
							date: formatDate(entry.date),
							description: entry.description,
							reference: entry.reference,
							payeeName: entry.payeeName,
							transaction: { id: entry.transactionId, type: entry.transactionType },
							createdAt,
							lastEditedAt: createdAt,
							reconciled: entry.reconciled,
						},
					};
				})
				.filter(({ entry }) => inWindow(f.window, entry.date))
				.map(({ row }) => row);
		},
	),
];
