import { type Db, nextId } from '../../db/db';
import { addDays, formatDate } from '../../shared/format';
import { seedingLookups } from '../tenant/data';
import type { BankAccount } from './schema';

/** rent payments reach the bank as one deposit per day, as a property manager's bank statement shows them */
export function generateDeposits(db: Db, now: Date): void {
	const byDay = new Map<string, { date: Date; cents: number; count: number }>();
	for (const entry of db.ledger) {
		if (entry.type !== 'Payment') continue;
		const key = formatDate(entry.date);
		const day = byDay.get(key) ?? { date: entry.date, cents: 0, count: 0 };
		day.cents += -entry.cents;
		day.count += 1;
		byDay.set(key, day);
	}
	for (const day of byDay.values()) {
		db.bankActivity.push({
			bankAccountId: OPERATING_BANK_ACCOUNT_ID,
			transactionId: nextId(db, 'transaction', 1000001),
			transactionType: 'Deposit',
			date: day.date,
			cents: day.cents,
			description: `Deposit of ${day.count} tenant receipts`,
			reference: null,
			payeeName: null,
			reconciled: day.date < addDays(now, -35),
		});
	}
	const deposits = db.occupancies.filter((o) => o.status !== 'past' && o.moveIn <= now);
	const seeding = seedingLookups(db);
	for (const occupancy of deposits) {
		db.bankActivity.push({
			bankAccountId: '2',
			transactionId: nextId(db, 'transaction', 1000001),
			transactionType: 'Deposit',
			date: occupancy.moveIn,
			cents: Math.round(occupancy.deposit * 100),
			description: 'Security deposit received',
			reference: null,
			payeeName: seeding.of(occupancy).ofOccupancy[0].row.name,
			reconciled: occupancy.moveIn < addDays(now, -35),
		});
	}
	db.bankActivity.sort((a, b) => a.date.getTime() - b.date.getTime() || a.transactionId - b.transactionId);
}

export const OPERATING_BANK_ACCOUNT_ID = '1';

/** The name the bank accounts are seeded and read by (SandboxResource.records, `recordsOf`). */
export const BANK_ACCOUNTS = 'bankAccounts';

export function generateBankAccounts(now: Date): BankAccount[] {
	return [
		{
			upstreamId: OPERATING_BANK_ACCOUNT_ID,
			name: 'Operating Account',
			bankName: 'First Republic Bank',
			corporate: false,
			hidden: false,
			lastReconciliation: formatDate(addDays(now, -35)),
			maskedAccountNumber: '******4821',
			maskedRoutingNumber: '*****0183',
			paymentsEnabledStatus: 'enabled',
		},
		{
			upstreamId: '2',
			name: 'Security Deposit Trust',
			bankName: 'Wells Fargo',
			corporate: false,
			hidden: false,
			lastReconciliation: formatDate(addDays(now, -35)),
			maskedAccountNumber: '******7730',
			maskedRoutingNumber: '*****0248',
			paymentsEnabledStatus: 'disabled',
		},
		{
			upstreamId: '3',
			name: 'Corporate Operating',
			bankName: 'Chase',
			corporate: true,
			hidden: false,
			lastReconciliation: null,
			maskedAccountNumber: '******1093',
			maskedRoutingNumber: '*****0021',
			paymentsEnabledStatus: 'enabled',
		},
	];
}
