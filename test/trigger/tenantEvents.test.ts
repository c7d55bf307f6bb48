import type { IDataObject } from 'n8n-workflow';
import { NODE_NAME } from '../support/n8n';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/tenant-events';

interface StoredEvent extends IDataObject {
	event: string | null;
	occurredDate: string | null;
	occupancy: { upstreamId: number | null } | null;
}

let sandbox: TestSandbox;
let trigger: TriggerUnderTest;

const keyOf = (record: IDataObject) => {
	const event = record as StoredEvent;
	return `${event.event}|${event.occupancy?.upstreamId}|${event.occurredDate}`;
};

/** An event entered upstream, as the service lists it (the hostile profile nulls fields of some). */
async function enter(record: IDataObject): Promise<StoredEvent> {
	return asServed(sandbox, PATH, await sandbox.control.inject<StoredEvent>('tenantEvent', record));
}

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
	trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
});

afterAll(async () => {
	await sandbox?.close();
});

// The tests of this file run in order on one workflow, as its polls would.
describe('Property Management Trigger: tenant events', () => {
	test('the activation poll records the present and emits nothing', async () => {
		const seeded = await sandbox.control.records('tenantEvents');
		const activation = await trigger.poll({ activation: true });
		expect(activation.items).toBeNull();
		// n8n keeps a node's static data under "node:<node name>" of the workflow's static data
		expect(activation.staticData[`node:${NODE_NAME}`]).toMatchObject({ version: 3, checkpoint: expect.any(Number) });
		expect(seeded.length).toBeGreaterThan(0);
	});

	test('"Fetch Test Event" returns the most recent event and leaves the state alone', async () => {
		const before = JSON.parse(JSON.stringify(trigger.memory)) as IDataObject;
		const sample = await trigger.fetchTestEvent();
		expect(sample.items).toHaveLength(1);
		expect(sample.items?.[0].json).toHaveProperty('occurredDate');
		expect(sample.staticData).toEqual(before);
	});

	test('a new event is emitted once, shaped like Get Many returns it; the next poll is null', async () => {
		const stored = await enter({ event: 'Move-in', occurredDate: serviceDate(0) });
		const first = await trigger.pollAfterUpstreamChange();
		expect(first.items).toHaveLength(1);
		expect(first.items?.[0].json).toEqual(stored);
		expect(first.items?.[0].pairedItem).toEqual({ item: 0 });

		const second = await trigger.pollAfterUpstreamChange();
		expect(second.items).toBeNull();
	});

	test('one date carrying several events (also of one occupancy) emits each of them', async () => {
		const stored = await sandbox.control.inject<StoredEvent>('tenantEvent', { event: 'Move-out', occurredDate: serviceDate(-1) });
		const moveOut = asServed(sandbox, PATH, stored);
		const sameOccupancy = { occupancy: { upstreamId: stored.occupancy?.upstreamId }, occurredDate: serviceDate(-1) };
		const notice = await enter({ ...sameOccupancy, event: 'Notice' });
		const otherMoveIn = await enter({ event: 'Move-in', occurredDate: serviceDate(-1) });

		const { items } = await trigger.pollAfterUpstreamChange();
		expect(items?.map((item) => keyOf(item.json)).sort()).toEqual([moveOut, notice, otherMoveIn].map(keyOf).sort());
	});

	test('late and future-dated events: caught within the lookback and the look-ahead, not beyond', async () => {
		const backDated = await enter({ event: 'Notice', occurredDate: serviceDate(-5) });
		await sandbox.control.inject('tenantEvent', { event: 'Notice', occurredDate: serviceDate(-40) });
		const scheduled = await enter({ event: 'Move-in', occurredDate: serviceDate(30) });
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(90) });

		const { items } = await trigger.pollAfterUpstreamChange();
		// oldest first
		expect(items?.map((item) => keyOf(item.json))).toEqual([backDated, scheduled].map(keyOf));
	});

	test('an n8n restart resumes from the state saved by the last emitting poll: nothing lost, nothing doubled', async () => {
		const beforeRestart = await enter({ event: 'Move-out', occurredDate: serviceDate(-2) });
		const emitted = await trigger.pollAfterUpstreamChange();
		expect(emitted.items?.map((item) => keyOf(item.json))).toEqual([keyOf(beforeRestart)]);

		// a null poll changes memory only; the restart below loses it
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		const duringDowntime = await enter({ event: 'Notice', occurredDate: serviceDate(-3) });
		trigger.restartN8n();

		const afterRestart = await trigger.pollAfterUpstreamChange();
		expect(afterRestart.items?.map((item) => keyOf(item.json))).toEqual([keyOf(duringDowntime)]);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('the event type filter reaches the service and the emitted items', async () => {
		const noticesOnly = new TriggerUnderTest(sandbox, { event: 'tenantEvent', filters: { eventType: ['Notice'] } }, PATH);
		expect((await noticesOnly.poll({ activation: true })).items).toBeNull();
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(0) });
		const notice = await enter({ event: 'Notice', occurredDate: serviceDate(0) });

		const { items } = await noticesOnly.pollAfterUpstreamChange();
		expect(items?.map((item) => keyOf(item.json))).toEqual([keyOf(notice)]);
		const requests = (await sandbox.control.log()).filter((entry) => entry.path === PATH);
		expect(requests[requests.length - 1].query.eventType).toBe('Notice');
	});
});
