/**
 * Work Order Created and Rental Application Created (issue 48): each record fires once, as the service lists
 * it, through status changes, an outage, a pause and a restart; the first poll records what exists.
 */
import type { IDataObject } from 'n8n-workflow';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

const WATCHED = {
	workOrder: { path: '/v1/work-orders', id: 'upstreamId', statusAfter: { status: 'Scheduled' } },
	rentalApplication: { path: '/v1/rental-applications', id: 'rentalApplicationId', statusAfter: { status: 'Approved' } },
} as const;

type Watched = keyof typeof WATCHED;

async function enter(kind: Watched, record: IDataObject = {}): Promise<IDataObject> {
	return asServed(sandbox, WATCHED[kind].path, await sandbox.control.inject<IDataObject>(kind, record));
}

describe.each(Object.keys(WATCHED) as Watched[])('Property Management Trigger: new %s', (kind) => {
	const { path, id, statusAfter } = WATCHED[kind];

	test('the first poll records what exists; a new record fires once, as listed, and not again when its status moves on', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: kind }, path);
		expect((await trigger.poll({ activation: true })).items).toBeNull();

		const entered = await enter(kind);
		const { items } = await trigger.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json)).toEqual([entered]);
		expect(items?.[0].pairedItem).toEqual({ item: 0 });

		await sandbox.control.update(kind, String(entered[id]), statusAfter);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('one entered a few days back (within Lookback) fires; one older than Lookback does not', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: kind, options: { lookbackDays: 7 } }, path);
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const dateField = kind === 'workOrder' ? 'createdAt' : 'received';
		const recent = await enter(kind, { [dateField]: serviceDate(-3) });
		await enter(kind, { [dateField]: serviceDate(-30) });
		const { items } = await trigger.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json[id])).toEqual([recent[id]]);
	});

	test('after three weeks paused (default Emit What Arrived) what arrived meanwhile fires once; a restart doubles nothing', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: kind }, path);
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		trigger.elapse(21 * 86_400_000);
		const entered = await enter(kind, kind === 'workOrder' ? { createdAt: serviceDate(-2) } : { received: serviceDate(-2) });
		await sandbox.control.expire(path);
		const { items } = await trigger.poll({ activation: true });
		expect(items?.map((item) => item.json[id])).toEqual([entered[id]]);
		trigger.restartN8n();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('Fetch Test Event returns the most recent record without touching the state', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: kind }, path);
		const latest = await enter(kind);
		await sandbox.control.expire(path);
		const { items, staticData } = await trigger.fetchTestEvent();
		expect(items).toHaveLength(1);
		expect(items?.[0].json[id]).toBeDefined();
		expect(Object.keys(items?.[0].json ?? {}).sort()).toEqual(Object.keys(latest).sort());
		expect(staticData).toEqual({});
	});
});

// the outage machinery is the one of every event (outage.test.ts): one kind shows it holds here too
test('new work orders: through a refresh outage nothing is lost: what was entered during it fires once after', async () => {
	const { path, id } = WATCHED.workOrder;
	const kind = 'workOrder';
	const trigger = new TriggerUnderTest(sandbox, { event: kind }, path);
	expect((await trigger.poll({ activation: true })).items).toBeNull();
	await sandbox.control.config({ failRefreshes: true });
	const entered = await enter(kind);
	try {
		expect((await trigger.pollSoonAfterUpstreamChange()).items).toBeNull();
	} finally {
		await sandbox.control.config({ failRefreshes: false });
	}
	const { items } = await trigger.pollAfterUpstreamChange();
	expect(items?.map((item) => item.json[id])).toEqual([entered[id]]);
	expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
});
