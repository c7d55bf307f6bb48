/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The gap the service sees, on a loaded machine (issue 24, "spacing at the wire"). The sandbox runs
 * in its own process, so its timestamps are not delayed by this one. Here both cores are kept busy
 * and this process's event loop stalls at random, as n8n's main process does when other workflows
 * run: a request then leaves late after its turn, and the next one must still reach the service at
 * least 1 s after it. Only in the `spec` project: it loads the machine, once is enough.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { runNode } from '../support/n8n';
import { controlClient, type RequestLogEntry } from '../support/sandbox';
import { engineTestNode } from '../support/engineTestNode';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require('../../scripts/sandbox-process') as {
	startSandbox(options: object): Promise<{ url: string; stop(): Promise<void> }>;
};

const KEY = 'sandbox-key';
const PATH = '/v1/properties';
let sandbox: { url: string; stop(): Promise<void> };
const busy: ChildProcess[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, jobSeconds: 1, extraArgs: ['--page-size', '3'] });
	// one wait cycle: the list is fresh, so every request below is a page read
	await runNode({ nodeType: engineTestNode, parameters: { path: PATH, returnAll: true }, credentials: credentials() });
});

afterAll(async () => {
	for (const child of busy) child.kill('SIGKILL');
	await sandbox?.stop();
});

function credentials() {
	return { apiKey: KEY, baseUrl: sandbox.url };
}

/** Keeps every core busy in other processes for as long as the test runs. */
function loadTheCores(): void {
	for (let core = 0; core < 2; core++) {
		busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
	}
}

/** Blocks this process's event loop for 0–400 ms at random moments; returns the stop function. */
function stallTheEventLoopAtRandom(): () => void {
	let stopped = false;
	const stallOnce = () => {
		if (stopped) return;
		const until = Date.now() + Math.random() * 400;
		while (Date.now() < until) {
			// busy: nothing else in this process runs meanwhile
		}
		setTimeout(stallOnce, Math.random() * 300);
	};
	setTimeout(stallOnce, 0);
	return () => (stopped = true);
}

it('keeps every request ≥ 1 s after the previous one at the service while the machine is loaded', async () => {
	const control = controlClient(sandbox.url);
	await control.clearLog();
	loadTheCores();
	const stopStalls = stallTheEventLoopAtRandom();
	let runs;
	try {
		// a paging read and two item-by-item executions share the key, as in one n8n process
		runs = await Promise.all([
			runNode({ nodeType: engineTestNode, parameters: { path: PATH, returnAll: true }, credentials: credentials() }),
			...[4, 4].map(
				async (count) =>
					await runNode({
						nodeType: engineTestNode,
						parameters: { path: PATH, limit: 1 },
						credentials: credentials(),
						items: Array.from({ length: count }, (_, index) => ({ json: { index } })),
					}),
			),
		]);
	} finally {
		stopStalls();
	}
	for (const run of runs) expect(run.error).toBeUndefined();
	const log: RequestLogEntry[] = await control.log();
	const gaps = log.slice(1).map((entry, index) => entry.time - log[index].time);
	console.log(`[load] ${log.length} requests; smallest gap at the service ${Math.min(...gaps)} ms`);
	expect(log.filter((entry) => entry.status === 429)).toEqual([]);
	expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
	expect(log.length).toBeGreaterThanOrEqual(12);
});
