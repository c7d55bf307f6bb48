/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The credential's Shared by Several n8n Processes (issue 25), through n8n-core's real execution and
 * real timers against the sandbox's strict limit (one request per second, from the previous accepted
 * one). Two "processes" are two copies of the engine, each with its own limiter, loaded apart by jest.
 */
import type { ApiRequest } from '../../nodes/shared/transport';
import { SLOT_MS } from '../../nodes/shared/transport/sending/slotGrid';
import type { EngineCallOutcome } from '../support/engineCall';
import type { TestCredentials } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

type EngineCall = (credentials: TestCredentials, request: ApiRequest) => Promise<EngineCallOutcome>;

const PAGE_SIZE = 6;
const READ_ALL: ApiRequest = { method: 'GET', path: '/v1/gl-accounts', returnAll: true };
let sandbox: TestSandbox;
let accounts: number;

/** each copy's n8n-core keeps a timer of its own (test/support/n8nTimers.ts) */
const copiesTimers: Array<() => void> = [];

/** A fresh copy of the engine: its own limiter, as in another n8n process. */
function processCopy(): EngineCall {
	let call!: EngineCall;
	jest.isolateModules(() => {
		/* eslint-disable @typescript-eslint/no-require-imports */
		call = (require('../support/engineCall') as { engineCall: EngineCall }).engineCall;
		// this copy's container and its manager class (n8nTimers.ts would require the latter lazily, outside)
		const { Container } = require('@n8n/di') as typeof import('@n8n/di');
		const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager') as {
			SSHClientsManager: Parameters<typeof Container.get>[0];
		};
		copiesTimers.push(() => (Container.get(SSHClientsManager) as { onShutdown(): void }).onShutdown());
		/* eslint-enable @typescript-eslint/no-require-imports */
	});
	return call;
}

const credentials = (sharedByProcesses: boolean): TestCredentials => ({ apiKey: sandbox.key, baseUrl: sandbox.url, sharedByProcesses });

beforeAll(async () => {
	sandbox = await startTestSandbox({ pageSize: PAGE_SIZE, rateLimit: true });
	const first = await processCopy()(credentials(false), READ_ALL);
	expect(first.error).toBeUndefined();
	accounts = first.items.length;
	expect(accounts).toBeGreaterThan(4 * PAGE_SIZE);
});
afterAll(async () => {
	copiesTimers.forEach((stop) => stop());
	await sandbox.close();
});

it('one process with the setting reads every page on the clock grid: a slot apart, no 429', async () => {
	await new Promise((resolve) => setTimeout(resolve, 1_100));
	await sandbox.control.clearLog();
	const outcome = await processCopy()(credentials(true), READ_ALL);
	expect(outcome.error).toBeUndefined();
	expect(outcome.items).toHaveLength(accounts);
	const log = await sandbox.control.log();
	expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
	expect(log).toHaveLength(Math.ceil(accounts / PAGE_SIZE));
	// each page in a slot of its own, most a few milliseconds into it (the offset, under 40 ms, plus the
	// trip). A late timer may send later into the process's own slot (slotGrid.ts, LATEST_IN_OWN_RUN_MS),
	// and the in-process sandbox logs an arrival when its event loop gets to it: on a loaded machine one
	// arrived 690 ms into its slot (clean-clone .ci/run, 2026-11-28), so that is not asserted per page
	const slots = log.map((entry) => Math.floor(entry.time / SLOT_MS));
	slots.slice(1).forEach((slot, index) => expect(slot).toBeGreaterThan(slots[index]));
	expect(log.filter((entry) => entry.time % SLOT_MS < 120).length).toBeGreaterThanOrEqual(Math.ceil(log.length / 2));
	const gaps = log.slice(1).map((entry, index) => entry.time - log[index].time);
	gaps.forEach((gap) => expect(gap).toBeGreaterThanOrEqual(1_000));
});

it('two processes on one key: with the setting both read every page, with few 429s (own pacing printed beside)', async () => {
	const bothRead = async (sharedByProcesses: boolean) => {
		await new Promise((resolve) => setTimeout(resolve, 1_100));
		await sandbox.control.clearLog();
		const outcomes = await Promise.all([processCopy(), processCopy()].map(async (call) => await call(credentials(sharedByProcesses), READ_ALL)));
		outcomes.forEach((outcome) => {
			expect(outcome.error).toBeUndefined();
			expect(outcome.items).toHaveLength(accounts);
		});
		const log = await sandbox.control.log();
		return { requests: log.length, rejected: log.filter((entry) => entry.status === 429).length };
	};
	const ownPacing = await bothRead(false);
	const onTheGrid = await bothRead(true);
	console.log(`[shared key] 2 processes, ${Math.ceil(accounts / PAGE_SIZE)} pages each: own pacing ${ownPacing.rejected} × 429 of ${ownPacing.requests}, clock grid ${onTheGrid.rejected} × 429 of ${onTheGrid.requests}`);
	expect(onTheGrid.requests - onTheGrid.rejected).toBe(2 * Math.ceil(accounts / PAGE_SIZE));
	// two processes starting together find their slots at the price of a 429 or two
	expect(onTheGrid.rejected / onTheGrid.requests).toBeLessThanOrEqual(0.25);
});
