import type { IDataObject } from 'n8n-workflow';
import { dayOfServiceDate } from '../../nodes/PropertyManagementTrigger/days';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
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
	`${String(record.event)}|${String((record.occupancy as IDataObject).upstreamId)}|${String((record.tenant as IDataObject).upstreamId)}|${String(record.occurredDate)}`;

describe('Property Management Trigger: changing the window', () => {
	test('raising Lookback (Days) 14 → 45 emits no old bill; a bill back-dated into the added days is emitted; lowering it loses nothing', async () => {
		const bills = new TriggerUnderTest(sandbox, { event: 'bill', options: { lookbackDays: 14 } }, '/v1/bills');
		expect((await bills.poll({ activation: true })).items).toBeNull();
		const old = (await sandbox.control.records<IDataObject>('bills')).filter((bill) => {
			const day = dayOfServiceDate(bill.billDate) as number;
			return day >= today() - 45 && day < today() - 14;
		});
		expect(old.length).toBeGreaterThan(0); // the seeded account has bills in the added days

		bills.parameters = { event: 'bill', options: { lookbackDays: 45 } };
		expect(ids((await bills.pollAfterUpstreamChange()).items)).toEqual([]);

		const backDated = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-30) });
		expect(ids((await bills.pollAfterUpstreamChange()).items)).toEqual([String(backDated.upstreamId)]);

		bills.parameters = { event: 'bill', options: { lookbackDays: 14 } };
		const recent = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-5) });
		expect(ids((await bills.pollAfterUpstreamChange()).items)).toEqual([String(recent.upstreamId)]);
		expect((await bills.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('raising Look Ahead (Days) 60 → 90 emits no event already scheduled in the added days; one entered later is emitted', async () => {
		const events = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { lookaheadDays: 60 } }, '/v1/tenant-events');
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(75) });
		expect((await events.poll({ activation: true })).items).toBeNull();

		events.parameters = { event: 'tenantEvent', options: { lookaheadDays: 90 } };
		expect((await events.pollAfterUpstreamChange()).items).toBeNull();

		const scheduled = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-out', occurredDate: serviceDate(80) });
		const { items } = await events.pollAfterUpstreamChange();
		expect((items ?? []).map((item) => eventKey(item.json))).toEqual([eventKey(scheduled)]);

		// lowered again: the events past 30 days stay seen and are not emitted when they come closer
		events.parameters = { event: 'tenantEvent', options: { lookaheadDays: 30 } };
		const soon = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(10) });
		expect(((await events.pollAfterUpstreamChange()).items ?? []).map((item) => eventKey(item.json))).toEqual([eventKey(soon)]);
		expect((await events.pollAfterUpstreamChange()).items).toBeNull();
	});
});
