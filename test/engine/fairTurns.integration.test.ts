/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The key's turns between callers and the time bound of 429 retries (issue 24, points 1 and 3),
 * through n8n-core's real execution against the sandbox.
 */
import { runNode } from '../support/n8n';
import { startTestSandbox, untilLogged, type TestSandbox } from '../support/sandbox';
import { engineTestNode } from '../support/engineTestNode';

const PATH = '/v1/properties';
const BULK_ITEMS = 10;
let sandbox: TestSandbox;

const credentials = () => ({ apiKey: sandbox.key, baseUrl: sandbox.url });

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
	// one wait cycle: the list is fresh, every request below is one read
	await runNode({ nodeType: engineTestNode, parameters: { path: PATH, limit: 1 }, credentials: credentials() });
});
afterAll(async () => await sandbox.close());

it('serves a 1-request execution within a few turns while a 10-item execution reads the same key', async () => {
	await sandbox.control.clearLog();
	const startedAt = Date.now();
	const bulk = runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, limit: 1 },
		credentials: credentials(),
		items: Array.from({ length: BULK_ITEMS }, (_, index) => ({ json: { index } })),
	});
	await new Promise((resolve) => setTimeout(resolve, 500));
	const oneStartedAt = Date.now();
	const one = await runNode({ nodeType: engineTestNode, parameters: { path: PATH, limit: 1 }, credentials: credentials() });
	const oneWaitedMs = Date.now() - oneStartedAt;
	const bulkRun = await bulk;
	const bulkMs = Date.now() - startedAt;
	console.log(`[fair turns] 1-request execution took ${oneWaitedMs} ms behind a ${BULK_ITEMS}-item one (${bulkMs} ms)`);
	expect(one.error).toBeUndefined();
	expect(bulkRun.error).toBeUndefined();
	expect(bulkRun.items).toHaveLength(BULK_ITEMS);
	// first come first served made it wait for all 10 (about 10 s); its turn comes after at most two
	expect(oneWaitedMs).toBeLessThan(3_500);
	const log = await sandbox.control.log();
	expect(log).toHaveLength(BULK_ITEMS + 1);
	expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
});

it('retries a 429 for as long as Max Wait lasts, not a fixed number of times', async () => {
	await sandbox.control.clearLog();
	await sandbox.control.fault({ type: '429', count: 9, path: PATH, retryAfter: 1 });
	const { items, error } = await runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, limit: 1, options: { maxWait: 60 } },
		credentials: credentials(),
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	const statuses = (await sandbox.control.log()).map((entry) => entry.status);
	expect(statuses).toEqual([...Array(9).fill(429), 200]);
});

it('stops once the next Retry-After would go past Max Wait, and says so', async () => {
	await sandbox.control.clearLog();
	await sandbox.control.fault({ type: '429', count: 50, path: PATH, retryAfter: 2 });
	const startedAt = Date.now();
	const { error } = await runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, limit: 1, options: { maxWait: 7 } },
		credentials: credentials(),
	});
	const tookMs = Date.now() - startedAt;
	expect(error?.message).toMatch(/kept rate-limiting requests to \/v1\/properties/);
	expect((error as { description?: string }).description).toMatch(/Max Wait \(7 s/);
	expect(tookMs).toBeLessThan(9_000);
	const rejected = (await sandbox.control.log()).filter((entry) => entry.status === 429);
	// 2 s (+ up to 1 s jitter) per retry within 7 s: 3 or 4 attempts
	expect(rejected.length).toBeGreaterThanOrEqual(3);
	expect(rejected.length).toBeLessThanOrEqual(4);
});

it('an execution in line behind one waiting out a 429 pause ends at its own Max Wait, not at its turn', async () => {
	// the 429s the test before left, and its pause of the key, are over
	await sandbox.control.clearFaults();
	await new Promise((resolve) => setTimeout(resolve, 3_000));
	await sandbox.control.clearLog();
	await sandbox.control.fault({ type: '429', count: 1, path: PATH, retryAfter: 15 });
	const patient = runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, limit: 1, options: { maxWait: 60 } },
		credentials: credentials(),
	});
	// the patient execution has had its 429 (after any pause the test before left) and holds the key's turn
	await untilLogged(sandbox.control, (log) => log.some((entry) => entry.status === 429));
	await new Promise((resolve) => setTimeout(resolve, 500));
	const startedAt = Date.now();
	const hurried = await runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, limit: 1, options: { maxWait: 3 } },
		credentials: credentials(),
	});
	const hurriedMs = Date.now() - startedAt;
	console.log(`[fair turns] a Max Wait 3 s execution behind a 15 s pause ended after ${hurriedMs} ms`);
	expect(hurried.error?.message).toMatch(/No request to \/v1\/properties could be sent within the operation's Max Wait \(3 s\)/);
	expect((hurried.error as { description?: string }).description).toMatch(/nothing was sent/);
	// before: it waited in line the whole pause (15 s), and only then said it could not wait
	expect(hurriedMs).toBeLessThan(3_000);
	const { items, error } = await patient;
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	const statuses = (await sandbox.control.log()).map((entry) => entry.status);
	expect(statuses).toEqual([429, 200]);
});
