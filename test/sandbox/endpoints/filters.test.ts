import { parseKnownDate } from '../../../sandbox/shared/format';
import { DATE_RANGES, resolveDateRange } from '../../../sandbox/shared/dateRange';
import { failure, makeContext, NOW, read } from './context';

const ctx = makeContext();
const db = ctx.db;
const day = (text: string) => parseKnownDate(text);
const visibleProperty = db.properties.find((p) => !p.invisible && p.row.type === 'Multi-Family')!;
const invisibleProperty = db.properties.find((p) => p.invisible)!;
const invisibleVendor = db.vendors.find((v) => v.invisible)!;

describe('date ranges (clock 03/18/2026, a Wednesday)', () => {
	const window = (range: (typeof DATE_RANGES)[number]) => {
		const w = resolveDateRange(range, NOW);
		return [w.from?.toISOString().slice(0, 10) ?? null, w.to?.toISOString().slice(0, 10) ?? null];
	};

	it('resolves all 32 values', () => {
		expect(DATE_RANGES).toHaveLength(32);
		expect(window('today')).toEqual(['2026-03-18', '2026-03-18']);
		expect(window('this_week')).toEqual(['2026-03-15', '2026-03-21']);
		expect(window('last_week')).toEqual(['2026-03-08', '2026-03-14']);
		expect(window('next_week')).toEqual(['2026-03-22', '2026-03-28']);
		expect(window('this_month')).toEqual(['2026-03-01', '2026-03-31']);
		expect(window('last_month_to_date')).toEqual(['2026-02-01', '2026-02-18']);
		expect(window('this_quarter')).toEqual(['2026-01-01', '2026-03-31']);
		expect(window('last_quarter')).toEqual(['2025-10-01', '2025-12-31']);
		expect(window('next_quarter')).toEqual(['2026-04-01', '2026-06-30']);
		expect(window('last_year')).toEqual(['2025-01-01', '2025-12-31']);
		expect(window('last_year_to_date')).toEqual(['2025-01-01', '2025-03-18']);
		expect(window('last_7_days')).toEqual(['2026-03-12', '2026-03-18']);
		expect(window('next_30_days')).toEqual(['2026-03-18', '2026-04-16']);
		expect(window('trailing_12_months')).toEqual(['2025-03-19', '2026-03-18']);
		expect(window('until_1_week_ago')).toEqual([null, '2026-03-11']);
		expect(window('until_1_month_ago')).toEqual([null, '2026-02-18']);
		expect(window('all_time')).toEqual([null, null]);
		for (const range of DATE_RANGES) {
			const w = resolveDateRange(range, NOW);
			if (w.from && w.to) expect(w.from.getTime()).toBeLessThanOrEqual(w.to.getTime());
		}
	});
});

describe('tenant events', () => {
	it('default this_month has events of every type, some sharing a date', () => {
		const events = read(ctx, '/v1/tenant-events');
		expect(events.length).toBeGreaterThan(5);
		for (const e of events) expect(day(e.occurredDate).getUTCMonth()).toBe(2);
		const dates = events.map((e) => e.occurredDate);
		expect(new Set(dates).size).toBeLessThan(dates.length);
		const ahead = read(ctx, '/v1/tenant-events', { dateRange: 'next_month' });
		expect(ahead.some((e) => e.event === 'Move-in')).toBe(true);
	});

	it('eventType is multi-valued, dateFrom/dateTo override the range, scope applies', () => {
		const types = read(ctx, '/v1/tenant-events', { dateRange: 'all_time', eventType: ['Move-out', 'Notice'] });
		expect(new Set(types.map((e) => e.event))).toEqual(new Set(['Move-out', 'Notice']));
		const ranged = read(ctx, '/v1/tenant-events', { dateRange: 'today', dateFrom: '01/01/2026', dateTo: '01/31/2026' });
		expect(ranged.length).toBeGreaterThan(0);
		for (const e of ranged) expect(e.occurredDate).toMatch(/^01\/\d{2}\/2026$/);
		const scoped = read(ctx, '/v1/tenant-events', { dateRange: 'all_time', propertyId: visibleProperty.row.upstreamId });
		expect(scoped.length).toBeGreaterThan(0);
		for (const e of scoped) expect(String(e.property.upstreamId)).toBe(visibleProperty.row.upstreamId);
		expect(failure(() => read(ctx, '/v1/tenant-events', { eventType: 'Party' }))).toMatchObject({ status: 400, field: 'eventType' });
		expect(failure(() => read(ctx, '/v1/tenant-events', { dateRange: 'someday' }))).toMatchObject({ status: 400, field: 'dateRange' });
		expect(failure(() => read(ctx, '/v1/tenant-events', { dateFrom: '2026-01-01' }))).toMatchObject({ status: 400, field: 'dateFrom' });
	});
});

describe('tenants, owners, scope', () => {
	it('tenant status defaults to current and notice; all and multi-values work; visibility', () => {
		const statuses = (rows: Array<{ status: string }>) => new Set(rows.map((r) => r.status));
		expect(statuses(read(ctx, '/v1/tenants'))).toEqual(new Set(['Current', 'Notice']));
		expect(statuses(read(ctx, '/v1/tenants', { status: ['past', 'future'] }))).toEqual(new Set(['Past', 'Future']));
		const everyone = read(ctx, '/v1/tenants', { status: 'all', visibility: 'all' });
		const hidden = read(ctx, '/v1/tenants', { status: 'all', visibility: 'hidden' });
		expect(hidden.length).toBeGreaterThan(0);
		expect(everyone.length).toBe(read(ctx, '/v1/tenants', { status: 'all' }).length + hidden.length);
		expect(everyone.length).toBeGreaterThanOrEqual(400);
	});

	it('propertyGroupId and ownerId narrow properties; invisible properties never appear', () => {
		const all = read(ctx, '/v1/properties');
		expect(all.length).toBeGreaterThanOrEqual(30);
		expect(all.some((p) => p.upstreamId === invisibleProperty.row.upstreamId)).toBe(false);
		const group = db.propertyGroups[0];
		expect(read(ctx, '/v1/properties', { propertyGroupId: group.row.upstreamId }).map((p) => p.upstreamId).sort()).toEqual(
			group.propertyIds.filter((id) => !db.properties.find((p) => p.row.upstreamId === id)!.invisible).sort(),
		);
		const owner = db.owners.find((o) => !o.hidden)!;
		for (const p of read(ctx, '/v1/units', { ownerId: owner.row.upstreamId })) expect(owner.row.propertyIds).toContain(p.property.upstreamId);
		expect(failure(() => read(ctx, '/v1/units', { propertyId: invisibleProperty.row.upstreamId }))).toMatchObject({ status: 400, field: 'propertyId' });
		expect(failure(() => read(ctx, '/v1/units', { propertyGroupId: '999' }))).toMatchObject({ status: 400, field: 'propertyGroupId' });
		expect(read(ctx, '/v1/units').length).toBeGreaterThanOrEqual(300 - 40);
	});

	it('owners visibility filters', () => {
		const hidden = read(ctx, '/v1/owners', { ownerVisibility: 'hidden', propertyVisibility: 'all' });
		expect(hidden.map((o) => o.upstreamId)).toEqual(db.owners.filter((o) => o.hidden).map((o) => o.row.upstreamId));
		const activeProps = read(ctx, '/v1/owners');
		const hiddenIds = db.properties.filter((p) => p.hidden).map((p) => p.row.upstreamId);
		for (const o of activeProps) for (const id of o.propertyIds) expect(hiddenIds).not.toContain(id);
	});
});

describe('bills', () => {
	it('billDateFrom and billDateTo each work alone', () => {
		const from = read(ctx, '/v1/bills', { billDateFrom: '01/01/2026' });
		const to = read(ctx, '/v1/bills', { billDateTo: '12/31/2025' });
		expect(from.length).toBeGreaterThan(0);
		expect(to.length).toBeGreaterThan(0);
		for (const b of from) expect(day(b.billDate) >= day('01/01/2026')).toBe(true);
		for (const b of to) expect(day(b.billDate) <= day('12/31/2025')).toBe(true);
		expect(from.length + to.length).toBe(read(ctx, '/v1/bills').length);
	});

	it('status Paid includes used credits, Unpaid unused ones', () => {
		const paid = read(ctx, '/v1/bills', { status: 'Paid' });
		const unpaid = read(ctx, '/v1/bills', { status: 'Unpaid' });
		expect(new Set(paid.map((b) => b.status))).toEqual(new Set(['Paid', 'Used']));
		expect(unpaid.every((b) => b.status === 'Unpaid' || b.status === 'Unused')).toBe(true);
		expect(paid.length + unpaid.length).toBe(read(ctx, '/v1/bills').length);
		const pending = read(ctx, '/v1/bills', { approvalStatus: 'Pending Approval' });
		expect(pending.length).toBeGreaterThan(0);
	});

	it('propertyId keeps bills with a line coded to it; vendorId; unknown or invisible → 400', () => {
		const propertyId = visibleProperty.row.upstreamId;
		const rows = read(ctx, '/v1/bills', { propertyId });
		expect(rows.length).toBeGreaterThan(0);
		for (const b of rows) expect(db.bills.find((r) => r.detail.upstreamId === b.upstreamId)!.propertyIds).toContain(propertyId);
		const vendor = db.vendors.find((v) => !v.invisible)!;
		for (const b of read(ctx, '/v1/bills', { vendorId: vendor.row.upstreamId })) expect(b.payeeName).toBe(vendor.row.companyName ?? `${vendor.row.firstName} ${vendor.row.lastName}`);
		expect(failure(() => read(ctx, '/v1/bills', { propertyId: invisibleProperty.row.upstreamId }))).toMatchObject({ status: 400, field: 'propertyId' });
		expect(failure(() => read(ctx, '/v1/bills', { vendorId: invisibleVendor.row.upstreamId }))).toMatchObject({ status: 400, field: 'vendorId' });
		expect(failure(() => read(ctx, '/v1/bills', { vendorId: '1' }))).toMatchObject({ status: 400, field: 'vendorId' });
		expect(failure(() => read(ctx, '/v1/bills/:upstreamId', {}, { upstreamId: '1' }))).toMatchObject({ status: 404 });
	});
});

describe('purchase orders', () => {
	it('omits canceled orders unless includeCanceled; filters by status, vendor, GL account, creation date', () => {
		const shown = read(ctx, '/v1/purchase-orders');
		const all = read(ctx, '/v1/purchase-orders', { includeCanceled: 'true' });
		const canceled = db.purchaseOrders.filter((o) => o.canceled).map((o) => o.upstreamId);
		expect(canceled.length).toBeGreaterThan(0);
		expect(shown.some((o) => canceled.includes(o.upstreamId))).toBe(false);
		expect(all.length).toBeGreaterThan(shown.length);
		expect(read(ctx, '/v1/purchase-orders', { orderStatus: 'Completed' }).every((o) => o.completed)).toBe(true);
		expect(read(ctx, '/v1/purchase-orders', { approvalStatus: 'Pending Approval' }).every((o) => o.approvalStatus === 'Pending Approval')).toBe(true);
		const order = db.purchaseOrders.find((o) => !o.canceled)!;
		expect(read(ctx, '/v1/purchase-orders', { vendorId: order.vendorId }).map((o) => o.upstreamId)).toContain(order.upstreamId);
		expect(read(ctx, '/v1/purchase-orders', { glAccountId: order.lineItems[0].glAccountId }).map((o) => o.upstreamId)).toContain(order.upstreamId);
		const created = read(ctx, '/v1/purchase-orders', { createdOnFrom: '03/01/2026', createdOnTo: '03/18/2026' });
		for (const o of created) expect(o.createdOn).toMatch(/^03\/\d{2}\/2026$/);
		expect(failure(() => read(ctx, '/v1/purchase-orders', { includeCanceled: 'maybe' }))).toMatchObject({ status: 400, field: 'includeCanceled' });
		expect(db.purchaseOrders.some((o) => o.billIds.length > 0)).toBe(true);
	});
});

describe('leasing, ledgers, communications', () => {
	it('guest cards by leadStatus/leadType; applications by status', () => {
		const cards = read(ctx, '/v1/guest-cards', { dateRange: 'all_time', leadStatus: 'active', leadType: 'Free' });
		expect(cards.length).toBeGreaterThan(0);
		expect(cards.every((c) => c.status === 'active' && c.leadType === 'Free')).toBe(true);
		expect(read(ctx, '/v1/guest-cards').length).toBeGreaterThan(0);
		const apps = read(ctx, '/v1/rental-applications', { dateRange: 'all_time', applicationStatus: 'Converted' });
		expect(apps.length).toBeGreaterThan(0);
		expect(apps.every((a) => a.status === 'Converted')).toBe(true);
	});

	it('tenant ledger keeps a running balance; bank activity by account', () => {
		const occupancyId = db.ledger[0].occupancyId;
		const rows = read(ctx, '/v1/tenant-ledger', { occupancyId });
		let balance = 0;
		for (const row of rows) {
			balance += Number(row.debit ?? 0) - Number(row.credit ?? 0);
			expect(Number(row.balance)).toBeCloseTo(balance, 2);
		}
		expect(failure(() => read(ctx, '/v1/tenant-ledger', { occupancyId: '1' }))).toMatchObject({ status: 400, field: 'occupancyId' });
		const trust = read(ctx, '/v1/bank-account-activity', { bankAccountId: '2', dateRange: 'all_time' });
		expect(trust.length).toBeGreaterThan(0);
		expect(failure(() => read(ctx, '/v1/bank-account-activity', { bankAccountId: '99' }))).toMatchObject({ status: 400, field: 'bankAccountId' });
	});

	it('attachments and emails need exactly one id; sms normalizes toNumber', () => {
		const occupancyId = db.attachments.find((a) => a.occupancyId)!.occupancyId!;
		const workOrderId = db.attachments.find((a) => a.workOrderId)!.workOrderId!;
		expect(failure(() => read(ctx, '/v1/attachments', { occupancyId, workOrderId }))).toMatchObject({ status: 400 });
		expect(failure(() => read(ctx, '/v1/attachments'))).toMatchObject({ status: 400 });
		expect(read(ctx, '/v1/attachments', { workOrderId }).length).toBeGreaterThan(0);
		const card = db.emails.find((e) => e.guestCardId)!.guestCardId!;
		expect(failure(() => read(ctx, '/v1/emails', { guestCardId: card, occupancyId }))).toMatchObject({ status: 400 });
		expect(failure(() => read(ctx, '/v1/emails'))).toMatchObject({ status: 400 });
		expect(read(ctx, '/v1/emails', { guestCardId: card }).length).toBeGreaterThan(0);
		expect(failure(() => read(ctx, '/v1/email', { emailId: 'nope' }))).toMatchObject({ status: 404 });
		expect(failure(() => read(ctx, '/v1/file', { id: 'nope' }))).toMatchObject({ status: 404 });
		const number = db.sms[0].remotePartyNumber;
		const digits = number.replace(/\D/g, '');
		const expected = read(ctx, '/v1/sms', { toNumber: digits });
		expect(expected.length).toBeGreaterThan(0);
		for (const format of [`+1${digits}`, `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`, number]) {
			expect(read(ctx, '/v1/sms', { toNumber: format })).toEqual(expected);
		}
		for (const bad of ['12345', 'call me', `2${digits}`]) expect(failure(() => read(ctx, '/v1/sms', { toNumber: bad }))).toMatchObject({ status: 400, field: 'toNumber' });
	});

	it('balance sheet honours date and asOf; includeZeroBalanceGlAccounts adds rows', () => {
		const withZero = read(ctx, '/v1/balance-sheet', { includeZeroBalanceGlAccounts: 'Yes' });
		const without = read(ctx, '/v1/balance-sheet');
		expect(withZero.length).toBeGreaterThan(without.length);
		const early = read(ctx, '/v1/balance-sheet', { date: '01/31/2025', asOf: 'today' });
		const late = read(ctx, '/v1/balance-sheet', { asOf: 'today' });
		expect(early.find((r) => r.glAccountCode === '1100')?.balance).not.toEqual(late.find((r) => r.glAccountCode === '1100')?.balance);
		expect(failure(() => read(ctx, '/v1/balance-sheet', { asOf: 'tomorrow' }))).toMatchObject({ status: 400, field: 'asOf' });
	});
});
