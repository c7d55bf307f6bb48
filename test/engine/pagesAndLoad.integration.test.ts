/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { runNode, type RunNodeOutput } from '../support/n8n';
import { itUnlessHostile, startTestSandbox, type RequestLogEntry, type TestSandbox } from '../support/sandbox';
import { engineTestNode } from '../support/engineTestNode';

const PAGE_SIZE = 5;
/** these tests count requests from PAGE_SIZE; the hostile profile's pages are 3 or 5 long, some shorter */
const onFullPages = itUnlessHostile('pages of other sizes');
const PATH = '/v1/properties';
let sandbox: TestSandbox;
let everything: RunNodeOutput;

const credentials = () => ({ apiKey: sandbox.key, baseUrl: sandbox.url });
const isFirstPage = (entry: RequestLogEntry) => !('page[after]' in entry.query) && !('cursor' in entry.query);

function errorText(error: unknown): string {
	const { message, description } = (error ?? {}) as { message?: string; description?: string };
	return `${message} ${description} ${JSON.stringify(error)}`;
}

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: PAGE_SIZE });
	// one wait cycle makes the list fresh for every later test
	everything = await runNode({
		nodeType: engineTestNode,
		parameters: { path: PATH, returnAll: true },
		credentials: credentials(),
	});
});
afterAll(async () => await sandbox.close());

describe('pages through n8n-core against the sandbox', () => {
	it('reads every visible record once, in the service order, whatever the pages look like', async () => {
		const records = await sandbox.control.records<{ upstreamId: string; invisible: boolean }>('properties');
		expect(everything.error).toBeUndefined();
		expect(everything.items.map((item) => item.json.upstreamId)).toEqual(records.filter((record) => !record.invisible).map((record) => record.upstreamId));
	});

	onFullPages('follows links.next to the end, in the service order, without duplicates', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, returnAll: true },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.upstreamId);
		expect(ids.length).toBeGreaterThan(2 * PAGE_SIZE);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(everything.items.map((item) => item.json.upstreamId));
		const log = await sandbox.control.log();
		expect(log).toHaveLength(Math.ceil(ids.length / PAGE_SIZE));
		expect(log.filter(isFirstPage)).toHaveLength(1);
	});

	onFullPages('stops once the limit is in hand: 12 items of 5 per page take 3 requests', async () => {
		await sandbox.control.clearLog();
		const { items } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, returnAll: false, limit: 12 },
			credentials: credentials(),
		});
		expect(items.map((item) => item.json.upstreamId)).toEqual(
			everything.items.slice(0, 12).map((item) => item.json.upstreamId),
		);
		expect(await sandbox.control.log()).toHaveLength(3);
	});
});

describe('rate limit and retries against the sandbox', () => {
	// first: creates below expire cached lists, which would add freshness polls to the count
	it('shares one limiter between 20 items and 3 concurrent executions: no 429, ≥ 1 s apart', async () => {
		await sandbox.control.clearLog();
		const runs = await Promise.all(
			[20, 3, 3].map(
				async (count) =>
					await runNode({
						nodeType: engineTestNode,
						parameters: { path: PATH, limit: 2 },
						credentials: credentials(),
						items: Array.from({ length: count }, (_, index) => ({ json: { index } })),
					}),
			),
		);
		for (const [runIndex, count] of [20, 3, 3].entries()) {
			expect(runs[runIndex].error).toBeUndefined();
			expect(runs[runIndex].items).toHaveLength(2 * count);
			expect(runs[runIndex].items.map((item) => (item.pairedItem as { item: number }).item)).toEqual(
				Array.from({ length: count }, (_, index) => [index, index]).flat(),
			);
		}
		const log = await sandbox.control.log();
		expect(log).toHaveLength(26);
		expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
		const gaps = log.slice(1).map((entry, index) => entry.time - log[index].time);
		expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
	});

	onFullPages('absorbs a storm of 429s', async () => {
		await sandbox.control.clearLog();
		await sandbox.control.fault({ type: '429', count: 5, path: PATH, retryAfter: 1 });
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, limit: PAGE_SIZE },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(PAGE_SIZE);
		const statuses = (await sandbox.control.log()).map((entry) => entry.status);
		expect(statuses).toEqual([429, 429, 429, 429, 429, 200]);
	});

	it('retries a GET after 500s but never repeats a POST after a 500', async () => {
		await sandbox.control.clearLog();
		await sandbox.control.fault({ type: '500', count: 2, path: PATH });
		const read = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, limit: 1 },
			credentials: credentials(),
		});
		expect(read.items).toHaveLength(1);
		expect((await sandbox.control.log()).map((entry) => entry.status)).toEqual([500, 500, 200]);

		await sandbox.control.clearLog();
		await sandbox.control.fault({ type: '500', count: 1, path: '/v1/vendors' });
		const created = await runNode({
			nodeType: engineTestNode,
			parameters: { method: 'POST', path: '/v1/vendors', body: { name: 'Once Only' } },
			credentials: credentials(),
		});
		expect(created.error?.message).toMatch(/could not process \/v1\/vendors \(HTTP 500\)/);
		const posts = (await sandbox.control.log()).filter((entry) => entry.method === 'POST');
		expect(posts).toHaveLength(1);
	});

	it('raises a preSend validation error for its own item before anything is sent', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { method: 'POST', path: '/v1/property-groups', body: '={{ $json.payload }}' },
			credentials: credentials(),
			items: [{ json: { payload: {} } }, { json: { payload: { name: 'Group' } } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0]).toEqual({ json: { error: 'Field "name" is required' }, pairedItem: { item: 0 } });
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect((await sandbox.control.log()).filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('explains a rejected key without repeating it', async () => {
		const wrongKey = 'wrong-key-0123456789';
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH },
			credentials: { apiKey: wrongKey, baseUrl: sandbox.url },
		});
		expect(error?.message).toBe('The API key was rejected; check the Property Management API credential');
		expect(errorText(error)).not.toContain(wrongKey);
	});
});
