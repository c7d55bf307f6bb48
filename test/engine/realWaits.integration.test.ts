/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The engine's waits on the real clock, through n8n-core's real execution (whose context gives the
 * node the execution's cancel signal, as n8n does): the gaps the service sees, and whether the
 * process stays responsive while the node waits. jest.config.js runs this file once per
 * n8n-workflow users run the package on; a wait built on an export one of them lacks fails here.
 */
import type { INodeParameters } from 'n8n-workflow';
import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';
import { sleepUnlessAborted } from '../../nodes/shared/transport/sending/clock';
import { runNode, type RunNodeOutput } from '../support/n8n';
import { startTestSandbox, type RequestLogEntry, type TestSandbox } from '../support/sandbox';

const node = new PropertyManagement();
let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 5 });
});

afterAll(async () => {
	await sandbox?.close();
});

function gapsOf(entries: RequestLogEntry[]): number[] {
	return entries.slice(1).map((entry, index) => entry.time - entries[index].time);
}

/** The longest time a 20 ms interval timer was held up while `work` ran: how long the event loop was blocked. */
async function withEventLoopLag<T>(work: () => Promise<T>): Promise<{ result: T; maxLagMs: number }> {
	const tickMs = 20;
	let last = Date.now();
	let maxLagMs = 0;
	const timer = setInterval(() => {
		const now = Date.now();
		maxLagMs = Math.max(maxLagMs, now - last - tickMs);
		last = now;
	}, tickMs);
	try {
		const result = await work();
		return { result, maxLagMs };
	} finally {
		clearInterval(timer);
	}
}

async function run(parameters: INodeParameters, itemCount = 1): Promise<{ output: RunNodeOutput; maxLagMs: number }> {
	const { result, maxLagMs } = await withEventLoopLag(() =>
		runNode({
			nodeType: node,
			parameters,
			credentials: { apiKey: sandbox.key, baseUrl: sandbox.url },
			items: Array.from({ length: itemCount }, (_, index) => ({ json: { index } })),
		}),
	);
	return { output: result, maxLagMs };
}

describe('waits hold on the real clock', () => {
	test('five items of User → Get Me: five requests, at least 1 s apart as the service receives them', async () => {
		// items run concurrently: on a cold cache each would wait for the refresh and ask again
		const warmed = await run({ resource: 'user', operation: 'getMe' });
		expect(warmed.output.error?.message).toBeUndefined();
		await sandbox.control.clearLog();
		const { output, maxLagMs } = await run({ resource: 'user', operation: 'getMe' }, 5);
		expect(output.error?.message).toBeUndefined();
		expect(output.items).toHaveLength(5);
		const requests = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/me');
		expect(requests.map((entry) => entry.status)).toEqual([200, 200, 200, 200, 200]);
		expect(Math.min(...gapsOf(requests))).toBeGreaterThanOrEqual(1000);
		// the key's turn is waited for with a timer, not by spinning: other work in the process goes on
		expect(maxLagMs).toBeLessThan(500);
	});

	test('wait mode: the first URL is polled every 10 s while the data refreshes', async () => {
		await sandbox.control.clearLog();
		const { output, maxLagMs } = await run({ resource: 'tenant', operation: 'getAll', returnAll: true });
		expect(output.error?.message).toBeUndefined();
		expect(output.items.length).toBeGreaterThan(0);
		const firstPage = (await sandbox.control.log()).filter(
			(entry) => entry.path === '/v1/tenants' && !Object.keys(entry.query).some((name) => name.startsWith('page')),
		);
		// stale on arrival, refreshed within the 5 s job: one poll 10 s later finds it fresh
		expect(firstPage.length).toBe(2);
		expect(Math.min(...gapsOf(firstPage))).toBeGreaterThanOrEqual(9500);
		expect(maxLagMs).toBeLessThan(500);
	}, 60_000);

	test('a wait ends early only when its signal aborts', async () => {
		const started = Date.now();
		await sleepUnlessAborted(300);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);

		const running = new AbortController();
		const waited = Date.now();
		await sleepUnlessAborted(300, running.signal);
		expect(Date.now() - waited).toBeGreaterThanOrEqual(290);

		const stopped = new AbortController();
		const aborting = Date.now();
		setTimeout(() => stopped.abort(), 50);
		await sleepUnlessAborted(2_000, stopped.signal);
		expect(Date.now() - aborting).toBeLessThan(1_000);
		// the aborted wait's timer runs out on its own; let it, so the test leaves none behind
		await new Promise((resolve) => setTimeout(resolve, 2_000));
	});
});
