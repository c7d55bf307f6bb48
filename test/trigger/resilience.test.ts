/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject } from 'n8n-workflow';
import { NODE_NAME } from '../support/n8n';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, LONGEST_FULL_READ_PERIOD_MS, requestsTo, serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/tenant-events';

interface StoredEvent extends IDataObject {
	event: string | null;
	occurredDate: string | null;
	occupancy: { upstreamId: number | null } | null;
}

const keyOf = (record: IDataObject) => {
	const event = record as StoredEvent;
	return `${event.event}|${event.occupancy?.upstreamId}|${event.occurredDate}`;
};

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

/** Events entered upstream, as the service lists them (the hostile profile nulls fields of some). */
async function injectEvents(count: number): Promise<StoredEvent[]> {
	const stored: StoredEvent[] = [];
	for (let index = 0; index < count; index++) {
		const record = await sandbox.control.inject<StoredEvent>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(-index) });
		stored.push(asServed(sandbox, PATH, record));
	}
	return stored;
}

/** Resolves once the sandbox has answered a cursor page (page 2 or later) of `path` after `since`. */
async function laterPageAnswered(path: string, since: number): Promise<void> {
	for (;;) {
		const entries = await requestsTo(sandbox, path, since);
		if (entries.some((entry) => 'page[after]' in entry.query && entry.status === 200)) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

describe('Property Management Trigger: stale data, faults, errors', () => {
	test('a poll that cannot get fresh data in time emits nothing and changes nothing; the next one catches up', async () => {
		// Max Wait 15 s for the poll that must give up only: the hostile profile's refreshes may run into the
		// default processing mode's 24 s time-out (sandbox/README.md), which the activation poll and the one
		// that catches up wait out with the default Max Wait (40 s)
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		await watcher.poll({ activation: true });
		watcher.parameters = { event: 'tenantEvent', options: { maxWait: 15 } };
		await sandbox.control.config({ jobSeconds: 60 });
		const [record] = await injectEvents(1);
		watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
		const stateBefore = JSON.parse(JSON.stringify(watcher.memory)) as IDataObject;

		const since = await lastLogSeq(sandbox);
		await sandbox.control.expire(PATH);
		const stalePoll = await watcher.poll();
		expect(stalePoll.items).toBeNull();
		// nothing changes but the note of a poll without fresh data (the start of an outage, docs/trigger.md)
		const { outage, ...stateAfter } = stalePoll.staticData[`node:${NODE_NAME}`] as IDataObject;
		expect({ [`node:${NODE_NAME}`]: stateAfter }).toEqual(stateBefore);
		expect(outage).toMatchObject({ polls: 1, status: expect.any(String) });
		const staleRequests = await requestsTo(sandbox, PATH, since);
		expect(staleRequests.length).toBeGreaterThanOrEqual(2); // stale, then at least one look 10 s later
		expect(staleRequests.every((entry) => entry.maxAge === 120)).toBe(true);

		// the service restarts and refreshes quickly again
		watcher.parameters = { event: 'tenantEvent' };
		await sandbox.control.config({ jobSeconds: 1 });
		await sandbox.control.restart();
		const { items } = await watcher.poll();
		expect(items?.map((item) => keyOf(item.json))).toEqual([keyOf(record)]);
	});

	test('500s in the middle of the pages: the failed poll changes nothing, the next emits each record once', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		await watcher.poll({ activation: true });
		await sandbox.control.config({ pageSize: 5 });
		try {
			const records = await injectEvents(3);
			watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
			const stateBefore = JSON.parse(JSON.stringify(watcher.memory)) as IDataObject;

			// more 500s than the engine retries, on page 3
			const since = await lastLogSeq(sandbox);
			await sandbox.control.expire(PATH);
			const failing = watcher.poll();
			await laterPageAnswered(PATH, since);
			await sandbox.control.fault({ type: '500', count: 4, path: PATH });
			await expect(failing).rejects.toThrow();
			expect(watcher.memory).toEqual(stateBefore);
			const faulted = (await requestsTo(sandbox, PATH, since)).filter((entry) => entry.status === 500);
			expect(faulted.length).toBe(4);

			// one 500 mid-pagination: the engine retries it inside the same poll
			const sinceRetry = await lastLogSeq(sandbox);
			const recovering = watcher.pollAfterUpstreamChange();
			await laterPageAnswered(PATH, sinceRetry);
			await sandbox.control.fault({ type: '500', count: 1, path: PATH });
			const { items } = await recovering;
			expect(items?.map((item) => keyOf(item.json)).sort()).toEqual(records.map(keyOf).sort());
			expect((await requestsTo(sandbox, PATH, sinceRetry)).filter((entry) => entry.status === 500)).toHaveLength(1);

			expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
		} finally {
			await sandbox.control.clearFaults();
			await sandbox.control.config({ pageSize: 50 });
		}
	});

	test('a rejected API key fails the poll with an actionable message that does not carry the key', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
		const wrongKey = 'wrong-key-0123456789';
		const failing = watcher.poll({ credentials: { apiKey: wrongKey, baseUrl: sandbox.url } });
		await expect(failing).rejects.toThrow(/key/i);
		const error = (await failing.catch((caught: unknown) => caught)) as Error & { description?: string };
		expect(`${error.message} ${error.description ?? ''}`).not.toContain(wrongKey);
		expect(watcher.memory).toEqual({});
	});
});
