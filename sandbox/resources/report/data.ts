import type { Db, PropertyRecord } from '../../db/db';
import { addDays, addMonths, startOfDay } from '../../shared/format';
import type { Random } from '../../shared/random';
import { glAccountByNumber } from '../glAccount/data';

const MONTHS = 18;

/**
 * Monthly costs posted by journal entry (escrowed taxes, insurance, utilities, grounds) as shares of
 * the property's gross potential rent, so that an operating statement shows the 55-65 % margin of a
 * real rental portfolio instead of rent with a few repair bills against it.
 */
const FIXED_SHARES: Array<{ number: string; share: number; multiFamilyOnly: boolean }> = [
	{ number: '6900', share: 0.11, multiFamilyOnly: false },
	{ number: '6500', share: 0.04, multiFamilyOnly: false },
	{ number: '6410', share: 0.04, multiFamilyOnly: false },
	{ number: '6440', share: 0.015, multiFamilyOnly: false },
	{ number: '6420', share: 0.015, multiFamilyOnly: true },
	{ number: '6200', share: 0.02, multiFamilyOnly: true },
	{ number: '6300', share: 0.01, multiFamilyOnly: true },
];
const MANAGEMENT_FEE = '6600';

export function generateOperatingCosts(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const firstMonth = addMonths(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), -MONTHS);
	const collected = collectedRent(db);
	for (const property of db.properties) {
		const potentialCents = db.units
			.filter((u) => u.row.propertyId === property.row.upstreamId)
			.reduce((total, u) => total + Math.round(Number(u.row.marketRent) * 100), 0);
		for (let month = firstMonth; month <= today; month = addMonths(month, 1)) {
			for (const cost of FIXED_SHARES) {
				if (cost.multiFamilyOnly && property.row.type !== 'Multi-Family') continue;
				const cents = Math.round(potentialCents * cost.share * random.int(90, 110) / 100);
				db.journal.push({ date: month, glAccountId: glAccountByNumber(db, cost.number).upstreamId, propertyId: property.row.upstreamId, cents, settled: true });
			}
			postManagementFee(db, property, month, today, collected);
		}
	}
}

/** the manager's percentage of the rent collected in a month, taken when the month closes */
function postManagementFee(db: Db, property: PropertyRecord, month: Date, today: Date, collectedRent: Map<string, number>): void {
	const monthEnd = addDays(addMonths(month, 1), -1);
	if (monthEnd >= today) return;
	const percent = Number(property.row.management.percentFee ?? 0);
	const collected = collectedRent.get(monthKey(property.row.upstreamId, month)) ?? 0;
	if (collected <= 0 || percent <= 0) return;
	db.journal.push({
		date: monthEnd,
		glAccountId: glAccountByNumber(db, MANAGEMENT_FEE).upstreamId,
		propertyId: property.row.upstreamId,
		cents: Math.round((collected * percent) / 100),
		settled: true,
	});
}

function monthKey(propertyId: string, date: Date): string {
	return `${propertyId} ${date.getUTCFullYear()}-${date.getUTCMonth()}`;
}

/**
 * Settled income per property and month, summed once: the fees are posted per property and month,
 * and a search of the whole journal for each is quadratic at --units 10000. Only the ledger's rent
 * and fees are income, and they are all in the journal before the costs are generated.
 */
function collectedRent(db: Db): Map<string, number> {
	const incomeIds = new Set(db.glAccounts.filter((a) => a.accountType === 'Income').map((a) => a.upstreamId));
	const sums = new Map<string, number>();
	for (const posting of db.journal) {
		if (!posting.settled || !incomeIds.has(posting.glAccountId)) continue;
		const key = monthKey(posting.propertyId, posting.date);
		sums.set(key, (sums.get(key) ?? 0) + posting.cents);
	}
	return sums;
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
