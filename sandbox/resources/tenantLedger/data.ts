import { type Db, nextId, type Occupancy } from '../../db/db';
import { addDays, addMonths, startOfDay } from '../../shared/format';
import type { Random } from '../../shared/random';
import { glAccountByNumber } from '../glAccount/data';
import { seedingLookups } from '../tenant/data';

const LEDGER_MONTHS = 18;

/** monthly rent charges and the payments against them; a few tenants fall behind */
export function generateLedger(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const rentAccount = glAccountByNumber(db, '4100');
	const lateFeeAccount = glAccountByNumber(db, '4200');
	const seeding = seedingLookups(db);
	for (const occupancy of db.occupancies) {
		if (occupancy.moveIn > today) continue;
		const { property, ofOccupancy } = seeding.of(occupancy);
		const payer = ofOccupancy[0].row.name;
		const delinquent = random.chance(0.08);
		const firstMonth = new Date(Date.UTC(occupancy.moveIn.getUTCFullYear(), occupancy.moveIn.getUTCMonth(), 1));
		const earliest = addMonths(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), -LEDGER_MONTHS);
		const end = occupancy.moveOut && occupancy.moveOut < today ? occupancy.moveOut : today;
		for (let month = firstMonth < earliest ? earliest : firstMonth; month <= end; month = addMonths(month, 1)) {
			const chargeDate = month < occupancy.moveIn ? occupancy.moveIn : month;
			const lastMonth = addMonths(month, 1) > end;
			const paidOn = addDays(chargeDate, random.int(0, 9));
			const paid = !(delinquent && lastMonth) && paidOn <= today;
			addLedgerEntry(db, { occupancyId: occupancy.id, type: 'Charge', date: chargeDate, cents: Math.round(occupancy.rent * 100), description: 'Rent', payer: null, glAccountId: rentAccount.upstreamId, settled: paid }, occupancy);
			if (!paid) continue;
			let fee = 0;
			if (paidOn.getUTCDate() > 5) {
				fee = Math.round(Number(property.row.lateFee.baseAmount) * 100);
				addLedgerEntry(db, { occupancyId: occupancy.id, type: 'Charge', date: addDays(chargeDate, 5), cents: fee, description: 'Late Fee', payer: null, glAccountId: lateFeeAccount.upstreamId, settled: true }, occupancy);
			}
			const owed = Math.round(occupancy.rent * 100) + fee;
			addLedgerEntry(db, { occupancyId: occupancy.id, type: 'Payment', date: paidOn, cents: -owed, description: 'Payment - Thank you', payer, glAccountId: rentAccount.upstreamId }, occupancy);
		}
	}
}

export function addLedgerEntry(
	db: Db,
	entry: { occupancyId: string; type: 'Charge' | 'Payment' | 'Credit'; date: Date; cents: number; description: string; payer: string | null; glAccountId: string; createdAt?: Date; settled?: boolean },
	/** the entry's occupancy when the caller has it (seeding: a search per entry is quadratic) */
	knownOccupancy?: Occupancy,
): number {
	const transactionId = nextId(db, 'transaction', 1000001);
	const occupancy = knownOccupancy ?? db.occupancies.find((o) => o.id === entry.occupancyId)!;
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest leaves this field out on purpose
	const { settled: _settled, ...ledgerFields } = entry;
	db.ledger.push({ ...ledgerFields, transactionId, createdAt: entry.createdAt ?? new Date(entry.date.getTime() + 9 * 3_600_000) });
	if (entry.type === 'Charge') {
		db.journal.push({ date: entry.date, glAccountId: entry.glAccountId, propertyId: occupancy.propertyId, cents: entry.cents, settled: entry.settled ?? false });
	}
	return transactionId;
}
