/**
 * Relations a property manager checks first, asserted over the whole seeded data set through the
 * endpoints' own handlers (what the HTTP API serves) and the data module.
 */
import { parseDate, parseMoney } from '../../../sandbox/shared/format';
import { makeContext, NOW, read } from './context';

const ALL_TIME = { dateRange: 'all_time' };

function stamp(text: string): Date {
	const match = /^(\d{2})\/(\d{2})\/(\d{4}) at (\d{2}):(\d{2}) (AM|PM)$/.exec(text)!;
	const hour = (Number(match[4]) % 12) + (match[6] === 'PM' ? 12 : 0);
	return new Date(Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]), hour, Number(match[5])));
}

/** the default portfolio, and a larger one (`--units`, sandbox/shared/scale.ts) */
describe.each([{ units: undefined }, { units: 3000 }])('seeded data a property manager would believe ($units units)', ({ units }) => {
	const ctx = makeContext(NOW, 'spec', units);
	const db = ctx.db;

	it('codes every bill line to its vendor trade', () => {
		for (const bill of db.bills) {
			const vendor = db.vendors.find((v) => v.row.upstreamId === bill.detail.vendorId)!;
			for (const line of bill.detail.lineItems) expect([bill.detail.upstreamId, line.glAccountName]).toEqual([bill.detail.upstreamId, vendor.row.defaultGLAccount]);
		}
	});

	it('bills a purchase order from the same vendor, on or after the order date', () => {
		const linked = db.purchaseOrders.filter((o) => o.billIds.length > 0);
		expect(linked.length).toBeGreaterThan(5);
		for (const order of linked) {
			for (const billId of order.billIds) {
				const bill = db.bills.find((b) => b.detail.upstreamId === billId)!.detail;
				expect(bill.vendorId).toBe(order.vendorId);
				expect(parseDate(bill.billDate)!.getTime()).toBeGreaterThanOrEqual(parseDate(order.orderSubmittedDate!)!.getTime());
			}
		}
	});

	it('never marks an order both canceled and completed', () => {
		expect(db.purchaseOrders.filter((o) => o.canceled).length).toBeGreaterThan(0);
		expect(db.purchaseOrders.filter((o) => o.canceled && o.completed)).toEqual([]);
	});

	it('gives each vacant unit the same status on the rent roll and in unit vacancies', () => {
		const rentRoll = new Map(read(ctx, '/v1/rent-roll').map((row) => [String(row.unitId), row.status]));
		const vacancies = read(ctx, '/v1/unit-vacancies', ALL_TIME);
		expect(vacancies.length).toBeGreaterThan(20);
		expect(new Set(vacancies.map((v) => v.status)).size).toBeGreaterThan(1);
		for (const vacancy of vacancies) expect([vacancy.upstreamId, rentRoll.get(vacancy.upstreamId)]).toEqual([vacancy.upstreamId, vacancy.status]);
		const vacantOnRoll = [...rentRoll].filter(([, status]) => /^(Vacant|Notice)/.test(status)).map(([unitId]) => unitId);
		expect(vacancies.map((v) => v.upstreamId).sort()).toEqual(vacantOnRoll.sort());
	});

	it('dates no lease signing, application or activity after today', () => {
		const today = parseDate('03/18/2026')!;
		const events = read(ctx, '/v1/tenant-events', ALL_TIME);
		for (const event of events) if (event.leaseSignDate) expect(parseDate(event.leaseSignDate)!.getTime()).toBeLessThanOrEqual(today.getTime());
		for (const occupancy of db.occupancies) expect(occupancy.leaseSignDate.getTime()).toBeLessThanOrEqual(today.getTime());
		const applications = read(ctx, '/v1/rental-applications', ALL_TIME);
		expect(applications.length).toBeGreaterThan(50);
		for (const application of applications) {
			for (const field of ['received', 'approvedAt', 'deniedAt', 'canceledAt'] as const) {
				if (application[field]) expect([application.rentalApplicationId, field, stamp(application[field]) <= NOW]).toEqual([application.rentalApplicationId, field, true]);
			}
		}
		for (const card of db.guestCards) expect(parseDate(card.lastActivityDate!)!.getTime()).toBeLessThanOrEqual(today.getTime());
	});

	it('gives every tenant household its own phone number', () => {
		const byNumber = new Map<string, Set<string>>();
		for (const tenant of db.tenants) {
			const phone = tenant.row.phoneNumbers[0].phone;
			byNumber.set(phone, (byNumber.get(phone) ?? new Set()).add(tenant.row.upstreamId));
		}
		const shared = [...byNumber].filter(([, ids]) => ids.size > 1);
		expect(db.tenants.length).toBeGreaterThan(400);
		expect(shared).toEqual([]);
	});

	it('shows a believable operating margin with management fees taken', () => {
		const rows = read(ctx, '/v1/cash-flow', { dateRange: 'trailing_12_months', accounting: 'accrual' });
		const income = parseMoney(rows.find((r) => r.glAccountCode === '4000')!.selectedPeriod);
		const expenses = parseMoney(rows.find((r) => r.glAccountCode === '6000')!.selectedPeriod);
		const fees = parseMoney(rows.find((r) => r.glAccountCode === '6600')?.selectedPeriod ?? '0');
		const margin = (income - expenses) / income;
		expect(margin).toBeGreaterThan(0.4);
		expect(margin).toBeLessThan(0.75);
		expect(fees / income).toBeGreaterThan(0.05);
		expect(fees / income).toBeLessThan(0.11);
	});

	it('names every property differently', () => {
		const names = db.properties.map((p) => p.row.name);
		expect(new Set(names).size).toBe(names.length);
	});
});
