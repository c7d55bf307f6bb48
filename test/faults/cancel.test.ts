/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { engineTestNode } from '../support/engineTestNode';
import { runNode } from '../support/n8n';
import { startTestSandbox, untilLogged, type TestSandbox } from '../support/sandbox';
import { engineCall } from '../support/engineCall';
import { credentialsOf, LIST } from './setup';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: 5, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

async function requestsTo(path: string): Promise<number> {
	return (await sandbox.control.log()).filter((entry) => entry.path === path).length;
}

/**
 * Runs the node through WorkflowExecute, stops the execution (what n8n's "Stop" does) once the
 * sandbox has seen `before` requests to `path`, and waits for the node to return. Gives the
 * requests seen when it was stopped and when the node had returned.
 */
async function stopAfter(path: string, before: number, parameters: Record<string, unknown>) {
	let execution: { cancel(): void } | undefined;
	const run = runNode({
		nodeType: engineTestNode,
		parameters: { path, ...parameters },
		credentials: credentialsOf(sandbox),
		onStarted: (started) => (execution = started),
	});
	await untilLogged(sandbox.control, (log) => log.filter((entry) => entry.path === path).length >= before);
	execution?.cancel();
	const atStop = await requestsTo(path);
	const { run: finished, error } = await run;
	return { atStop, afterwards: await requestsTo(path), status: finished.status, error };
}

describe('a stopped execution sends nothing more', () => {
	test('stopped while waiting for fresh data: no further poll of the URL', async () => {
		await sandbox.control.config({ jobSeconds: 3600 });
		await sandbox.control.clearLog();
		const seen = await stopAfter('/v1/vendors', 1, { returnAll: true, options: { maxWait: 25 } });
		await sandbox.control.config({ jobSeconds: 1 });
		// recorded as n8n records a stop, not as a failure to reach the service
		expect(seen.status).toBe('canceled');
		expect(seen.error?.message).toMatch(/canceled: no further requests were sent for \/v1\/vendors/);
		expect(seen.atStop).toBe(1);
		expect(seen.afterwards).toBe(1);
	});

	test('stopped while paging: no further page is requested', async () => {
		// the cache made ok first (quickly: the sandbox does not rate-limit here), so the read pages at once
		const warmed = await engineCall(credentialsOf(sandbox), LIST, {}, { spacingMs: 0 });
		expect(warmed.error).toBeUndefined();
		await sandbox.control.clearLog();
		const seen = await stopAfter(LIST.path, 2, { returnAll: true, options: { additionalQueryParameters: { parameter: [{ name: 'dateRange', value: 'all_time' }] } } });
		expect(seen.status).toBe('canceled');
		expect(seen.error?.message).toMatch(/canceled/);
		expect(seen.afterwards).toBe(seen.atStop);
		// the list has many more pages than were read
		expect(seen.afterwards).toBeLessThan(5);
	});
});

describe('a stopped execution leaves the key\'s line at once', () => {
	/**
	 * An execution with a long Max Wait holds the key's turn through an 8 s pause after a 429; a second
	 * one (Max Wait 60 s, so the pause does not send it away) waits in line behind it and is stopped.
	 */
	async function stopInLine(parameters: Record<string, unknown>) {
		await sandbox.control.clearFaults();
		await sandbox.control.clearLog();
		await sandbox.control.fault({ type: '429', count: 1, path: '/v1/properties', retryAfter: 8 });
		const patient = runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/properties', limit: 1, options: { maxWait: 60 } },
			credentials: credentialsOf(sandbox),
		});
		await untilLogged(sandbox.control, (log) => log.some((entry) => entry.status === 429));
		let execution: { cancel(): void } | undefined;
		const inLine = runNode({
			nodeType: engineTestNode,
			parameters: { ...parameters, options: { maxWait: 60 } },
			credentials: credentialsOf(sandbox),
			onStarted: (started) => (execution = started),
		});
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		const stoppedAt = Date.now();
		execution?.cancel();
		const { run: finished, error } = await inLine;
		const returnedAfterMs = Date.now() - stoppedAt;
		const patientRun = await patient;
		return { status: finished.status, error, returnedAfterMs, patientRun, log: await sandbox.control.log() };
	}

	test('a read waiting behind a 429 pause: returns at once, canceled, and sends nothing', async () => {
		const seen = await stopInLine({ path: '/v1/vendors', limit: 1 });
		expect(seen.status).toBe('canceled');
		expect(seen.error?.message).toMatch(/canceled: no further requests were sent for \/v1\/vendors/);
		// before: it waited in line until the pause was over (about 7 s)
		expect(seen.returnedAfterMs).toBeLessThan(2_000);
		expect(seen.log.filter((entry) => entry.path === '/v1/vendors')).toHaveLength(0);
		expect(seen.patientRun.error).toBeUndefined();
	});

	test('a create waiting behind a 429 pause: returns at once, says nothing was sent, and sends nothing', async () => {
		const seen = await stopInLine({ method: 'POST', path: '/v1/vendors', body: { name: 'Stopped in line' } });
		expect(seen.status).toBe('canceled');
		expect(seen.error?.message).toMatch(/canceled: no further requests were sent for \/v1\/vendors/);
		expect((seen.error as { description?: string }).description).toMatch(/stopped before the create was sent: no record was created/);
		// before: it waited in line until the pause was over, then failed with an empty message ("Item 0: ")
		expect(seen.returnedAfterMs).toBeLessThan(2_000);
		expect(seen.log.filter((entry) => entry.method === 'POST')).toHaveLength(0);
	});
});
