import type { IDataObject } from 'n8n-workflow';
import { serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { startCraftedServer } from '../support/craftedServer';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

const today = () => dayOfServiceDate(serviceDate(0)) as number;
const ids = (items: { json: IDataObject }[] | null) => (items ?? []).map((item) => String(item.json.upstreamId));
const eventKey = (record: IDataObject) =>
	`${String(record.event)}|${String((record.occupancy as IDataObject | null)?.upstreamId)}|${String((record.tenant as IDataObject | null)?.upstreamId)}|${String(record.occurredDate)}`;
/** A tenant event entered upstream, as the service lists it (the hostile profile nulls fields of some). */
const enterEvent = async (record: IDataObject) => asServed(sandbox, '/v1/tenant-events', await sandbox.control.inject<IDataObject>('tenantEvent', record));

describe('Property Management Trigger: changing the window', () => {
	test('raising Lookback (Days) 14 → 45 emits no old bill; a bill back-dated into the added days is emitted; lowering it loses nothing, also a bill dated between the two starts', async () => {
		const bills = new TriggerUnderTest(sandbox, { event: 'bill', options: { lookbackDays: 14 } }, '/v1/bills');
		expect((await bills.poll({ activation: true })).items).toBeNull();
		const old = (await sandbox.control.records<IDataObject>('bills')).filter((bill) => {
			const day = dayOfServiceDate(bill.billDate) as number;
			return day >= today() - 45 && day < today() - 14;
		});
		expect(old.length).toBeGreaterThan(0); // the seeded account has bills in the added days

		bills.parameters = { event: 'bill', options: { lookbackDays: 45 } };
		expect(ids((await bills.pollAfterUpstreamChange()).items)).toEqual([]);

		// dated inside the widened window: the full window lists it (the open bills, read first when both are due, list only bills dated before it)
		const backDated = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-30) });
		const bothReads = async () => [...((await bills.pollAfterUpstreamChange()).items ?? []), ...((await bills.pollAfterUpstreamChange()).items ?? [])];
		expect(ids(await bothReads())).toEqual([String(backDated.upstreamId)]);

		// one read more, so that after the change the open read is the one read longer ago and goes first
		expect(await bills.pollAfterUpstreamChange()).toMatchObject({ items: null });
		bills.parameters = { event: 'bill', options: { lookbackDays: 14 } };
		const recent = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-5) });
		// dated between the narrowed and the wider start (soak, seed 1, bill 50379): the full read still
		// covers the wider window but emits nothing before the user's; the open read lists it
		const between = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-28) });
		expect(ids(await bothReads()).sort()).toEqual([String(recent.upstreamId), String(between.upstreamId)].sort());
		expect(await bothReads()).toEqual([]);
	});

	test('raising Look Ahead (Days) 60 → 90 emits no event already scheduled in the added days; one entered later is emitted', async () => {
		const events = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { lookaheadDays: 60 } }, '/v1/tenant-events');
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(75) });
		expect((await events.poll({ activation: true })).items).toBeNull();

		events.parameters = { event: 'tenantEvent', options: { lookaheadDays: 90 } };
		expect((await events.pollAfterUpstreamChange()).items).toBeNull();

		const scheduled = await enterEvent({ event: 'Move-out', occurredDate: serviceDate(80) });
		const { items } = await events.pollAfterUpstreamChange();
		expect((items ?? []).map((item) => eventKey(item.json))).toEqual([eventKey(scheduled)]);

		// lowered again: the events past 30 days stay seen and are not emitted when they come closer
		events.parameters = { event: 'tenantEvent', options: { lookaheadDays: 30 } };
		const soon = await enterEvent({ event: 'Notice', occurredDate: serviceDate(10) });
		expect(((await events.pollAfterUpstreamChange()).items ?? []).map((item) => eventKey(item.json))).toEqual([eventKey(soon)]);
		expect((await events.pollAfterUpstreamChange()).items).toBeNull();
	});
});

/**
 * Tenant events the service places by their date while the record shows it null ("any field may be
 * null"): the list filters by `day`, the record carries `occurredDate: null` when `undated`.
 */
function eventsPlacedByHiddenDates() {
	const events: Array<{ day: number; record: IDataObject }> = [];
	let lastUpdated = Math.floor(Date.now() / 1000);
	return {
		add(offset: number, name: string, undated = true, occupancyId = 900 + events.length) {
			const day = today() + offset;
			events.push({ day, record: { event: 'Notice', occurredDate: undated ? null : serviceDateOfDay(day), occupancy: { upstreamId: occupancyId }, tenant: { upstreamId: null, name } } });
			lastUpdated += 1;
		},
		reply(url: URL) {
			const from = dayOfServiceDate(url.searchParams.get('dateFrom')) ?? -Infinity;
			const to = dayOfServiceDate(url.searchParams.get('dateTo')) ?? Infinity;
			const data = events.filter(({ day }) => day >= from && day <= to).map(({ record }) => record);
			return { body: { meta: { status: 'ok', path: url.pathname, count: data.length, page: 1, lastUpdated }, links: {}, data } };
		},
	};
}

describe('Property Management Trigger: a widened window and records whose date is null', () => {
	test('raising Lookback and Look Ahead emits no record of the added days, dated or not; new ones still fire', async () => {
		const service = eventsPlacedByHiddenDates();
		const server = await startCraftedServer((_request, url) => service.reply(url));
		try {
			service.add(-30, 'old, undated');
			service.add(75, 'scheduled, undated');
			service.add(-31, 'old, dated', false);
			const events = new TriggerUnderTest({ url: server.url, key: 'crafted-key' }, { event: 'tenantEvent', options: { lookbackDays: 14, lookaheadDays: 60 } }, '/v1/tenant-events');
			expect((await events.poll({ activation: true })).items).toBeNull();

			events.parameters = { event: 'tenantEvent', options: { lookbackDays: 45, lookaheadDays: 90 } };
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();

			service.add(-29, 'late, undated');
			service.add(-2, 'recent, undated');
			service.add(80, 'newly scheduled, undated');
			const { items } = await events.pollAfterUpstreamChange();
			expect((items ?? []).map((item) => (item.json.tenant as IDataObject).name).sort()).toEqual(['late, undated', 'newly scheduled, undated', 'recent, undated']);
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();
		} finally {
			await server.close();
		}
	});
});

describe('Property Management Trigger: a narrowed window and records that share an identity', () => {
	test('lowering Look Ahead 90 → 30 with look-alike events across the removed days: a new look-alike fires once, one in the removed days does not', async () => {
		const service = eventsPlacedByHiddenDates();
		const server = await startCraftedServer((_request, url) => service.reply(url));
		const lookAlike = (offset: number, undated = true) => service.add(offset, 'roommate', undated, 950);
		try {
			[10, 40, 70].forEach((offset) => lookAlike(offset));
			const events = new TriggerUnderTest({ url: server.url, key: 'crafted-key' }, { event: 'tenantEvent', options: { lookaheadDays: 90 } }, '/v1/tenant-events');
			expect((await events.poll({ activation: true })).items).toBeNull();

			events.parameters = { event: 'tenantEvent', options: { lookaheadDays: 30 } };
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();

			// ranked among the three seen in 90 days, not among the one left in 30 (which would take it for seen)
			lookAlike(5);
			expect((await events.pollAfterUpstreamChange()).items?.map((item) => (item.json.occupancy as IDataObject).upstreamId)).toEqual([950]);
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();

			lookAlike(50, false);
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();
		} finally {
			await server.close();
		}
	});
});
