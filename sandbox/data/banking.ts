import { OPERATING_BANK_ACCOUNT_ID } from './accounts';
import type { Db } from './db';
import { nextId } from './db';
import { addDays, formatDate } from './format';
import type { Random } from './random';
import { seedingLookups } from './tenants';

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

/** each property's yearly budget per account: last twelve months' actuals give or take ten percent */
export function generateBudgets(db: Db, random: Random, now: Date): void {
	const since = addDays(now, -365);
	const actual = new Map<string, number>();
	for (const posting of db.journal) {
		if (posting.date < since) continue;
		const key = `${posting.propertyId}:${posting.glAccountId}`;
		actual.set(key, (actual.get(key) ?? 0) + posting.cents);
	}
	for (const [key, cents] of actual) db.budgets.set(key, Math.round((cents * random.int(90, 110)) / 100));
}
