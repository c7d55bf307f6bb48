/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Issue 45, 1, through n8n-core: the credential's Shared by Several n8n Processes on a process whose
 * timers fire late (a busy queue-mode worker). Every timer of this test's process is made late by a
 * fixed delay, as a loaded event loop does; the node's read and the trigger's poll run through
 * n8n-core's real execution against the sandbox's strict limit (one request per second from the
 * previous accepted one). The previous limiter sent nothing at +12 ms: the read and the poll hung.
 */
import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';
import { runNode } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { LONGEST_FULL_READ_PERIOD_MS, serviceDate, TriggerUnderTest } from '../trigger/harness';

const PAGE_SIZE = 5;
let sandbox: TestSandbox;

const credentials = () => ({ apiKey: sandbox.key, baseUrl: sandbox.url, sharedByProcesses: true });

/** Runs `work` with every timer of the process `lateMs` late. */
async function withLateTimers<T>(lateMs: number, work: () => Promise<T>): Promise<T> {
	const onTime = global.setTimeout;
	const late = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
		onTime(callback, (ms ?? 0) + lateMs, ...args)) as typeof setTimeout;
	global.setTimeout = Object.assign(late, onTime);
	try {
		return await work();
	} finally {
		global.setTimeout = onTime;
	}
}

/** Requests the sandbox saw from `since` on: none closer than a second, none refused. */
async function checkWire(since: number): Promise<number> {
	const log = (await sandbox.control.log()).filter((entry) => entry.time >= since);
	expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
	log.slice(1).forEach((entry, index) => expect(entry.time - log[index].time).toBeGreaterThanOrEqual(1_000));
	return log.length;
}

beforeAll(async () => {
	sandbox = await startTestSandbox({ pageSize: PAGE_SIZE, rateLimit: true });
});
afterAll(async () => await sandbox.close());

describe.each([12, 30])('timers %i ms late, key shared by several processes', (lateMs) => {
	it('a node read returns every page', async () => {
		const accounts = (await sandbox.control.records('glAccounts')).length;
		expect(accounts).toBeGreaterThan(2 * PAGE_SIZE);
		await new Promise((resolve) => setTimeout(resolve, 1_100));
		const since = Date.now();
		const output = await withLateTimers(lateMs, async () =>
			await runNode({
				nodeType: new PropertyManagement(),
				parameters: { resource: 'glAccount', operation: 'getAll', returnAll: true },
				credentials: credentials(),
			}),
		);
		expect(output.error).toBeUndefined();
		expect(output.items).toHaveLength(accounts);
		// every page, and the first page's refresh when the sandbox's copy was not fresh
		expect(await checkWire(since)).toBeGreaterThanOrEqual(Math.ceil(accounts / PAGE_SIZE));
	});

	it('a trigger poll ends, and the next one emits a new move-in', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, '/v1/tenant-events');
		await new Promise((resolve) => setTimeout(resolve, 1_100));
		const since = Date.now();
		await withLateTimers(lateMs, async () => await trigger.poll({ activation: true, credentials: credentials() }));
		const moveIn = await sandbox.control.inject<{ upstreamId: string }>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(0) });
		await sandbox.control.expire('/v1/tenant-events');
		trigger.elapse(LONGEST_FULL_READ_PERIOD_MS);
		const next = await withLateTimers(lateMs, async () => await trigger.poll({ credentials: credentials() }));
		expect(next.items?.map((item) => item.json.upstreamId)).toEqual([moveIn.upstreamId]);
		expect(await checkWire(since)).toBeGreaterThanOrEqual(2);
	});
});

