/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The engine against the sandbox's documented profile (sandbox/README.md, "Spec or docs"), through
 * n8n-core's real execution: the engine's freshness rules still hold where the docs differ.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { runNode } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineTestNode } from '../support/engineTestNode';

const readOnlyKey = `read-only-${Date.now()}`;
const limitedKey = `limited-${Date.now()}`;
let sandbox: TestSandbox;
let helperKey: string;

beforeAll(async () => {
	sandbox = await startTestSandbox({
		profile: 'documented',
		keys: [`writer-${Date.now()}`, `helper-${Date.now()}`],
		readOnlyKeys: [readOnlyKey],
		limitedKeys: { [limitedKey]: ['/v1/properties'] },
		jobSeconds: 1,
		pageSize: 5,
	});
	helperKey = sandbox.keys[1];
});
afterAll(async () => await sandbox.close());

const credentials = (apiKey = sandbox.key) => ({ apiKey, baseUrl: sandbox.url });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isFirstPage = (entry: { query: Record<string, unknown> }) => !('page[after]' in entry.query) && !('cursor' in entry.query);

/** Reads a URL with the helper key until it is ok: the cache entry is then warm. */
async function warm(path: string): Promise<void> {
	for (let attempt = 0; attempt < 60; attempt++) {
		const response = await fetch(`${sandbox.url}${path}`, { headers: { 'X-API-Key': helperKey } });
		const body = (await response.json()) as { meta: { status: string } };
		if (body.meta.status === 'ok') return;
		await pause(1100);
	}
	throw new Error(`${path} never became ok`);
}

describe('freshness under the documented cache rules', () => {
	it('Max Age below 60 (the documented minimum) is refused before anything is sent, naming the option and the item', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/owners', returnAll: true, options: { maxAge: 30 } },
			credentials: credentials(),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Options → Max Age (Seconds) must be a number of at least 60; item 0 has 30');
		expect(error?.description).toContain('Nothing was sent');
		expect(await sandbox.control.log()).toEqual([]);
	});

	it('X-API-MAX-AGE 60 (the minimum): the engine waits updating → ok, the max age it sends never drops below it, and it settles', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/owners', returnAll: true, options: { maxAge: 60, includeMeta: true } },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => (item.json._meta as { status: string }).status === 'ok')).toBe(true);
		const firstPages = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/owners' && isFirstPage(entry));
		expect(firstPages.map((entry) => entry.status)).toEqual([200, 200]);
		expect(firstPages[0].maxAge).toBe(60);
		expect(firstPages[1].maxAge).toBeGreaterThanOrEqual(60);
	});

	it('issue 27 gap 6: X-API-PROCESSING-MODE goes with the look that starts the refresh, not with the looks at it', async () => {
		await sandbox.control.clearLog();
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/me', returnAll: true, options: { processingMode: 'longer' } },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		const firstPages = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/me' && isFirstPage(entry));
		expect(firstPages.length).toBeGreaterThanOrEqual(2); // updating, then ok
		expect(firstPages[0].processingMode).toBe('longer');
		expect(firstPages.slice(1).map((entry) => entry.processingMode)).toEqual(firstPages.slice(1).map(() => null));
	});

	it('with the variance played at −5 min, a just-finished refresh still answers ok: one poll, no second job', async () => {
		await sandbox.control.config({ maxAgeVarianceSeconds: -300 });
		try {
			await sandbox.control.clearLog();
			const { items, error } = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/gl-accounts', returnAll: true, options: { maxAge: 120 } },
				credentials: credentials(),
			});
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			const firstPages = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/gl-accounts' && isFirstPage(entry));
			expect(firstPages).toHaveLength(2);
		} finally {
			await sandbox.control.config({ maxAgeVarianceSeconds: 0 });
		}
	});

	it('a refresh that replaces the entry while the engine pages: the later page says stale, the read restarts, each item once', async () => {
		await warm('/v1/properties');
		await sandbox.control.clearLog();
		const replaceMidway = (async () => {
			await pause(1500);
			await sandbox.control.expire('/v1/properties');
			await fetch(`${sandbox.url}/v1/properties`, { headers: { 'X-API-Key': helperKey } });
		})();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/properties', returnAll: true },
			credentials: credentials(),
		});
		await replaceMidway;
		expect(error).toBeUndefined();
		const ids = items.map((item) => String(item.json.upstreamId));
		expect(new Set(ids).size).toBe(ids.length);
		const log = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/properties' && entry.key === 'key#1');
		const answers = await fetch(`${sandbox.url}/v1/properties`, { headers: { 'X-API-Key': helperKey } }).then(
			(response) => response.json() as Promise<{ meta: { count: number } }>,
		);
		// documented meta.count is the total number of matches
		expect(ids).toHaveLength(answers.meta.count);
		expect(log.filter(isFirstPage).length).toBeGreaterThanOrEqual(2);
	});
});

describe('a refresh that fails in the documented profile', () => {
	it('Max Wait passes: the error says the data was not refreshed and quotes the last attempt (meta.statusDetails)', async () => {
		await sandbox.control.config({ failRefreshes: true });
		try {
			const { items, error } = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/work-orders', returnAll: true, options: { maxWait: 15 } },
				credentials: credentials(),
			});
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/\/v1\/work-orders was not refreshed within 15 s/);
			expect(error?.description).toContain('last refresh attempt: 502 The refresh from the upstream system failed');
		} finally {
			await sandbox.control.config({ failRefreshes: false });
		}
	});
});

describe('notify under the documented webhook rule', () => {
	let listener: http.Server;
	let received: Array<Record<string, unknown>>;
	let notifyUrl: string;

	beforeAll(async () => {
		received = [];
		listener = http.createServer((request, response) => {
			let body = '';
			request.on('data', (chunk) => (body += chunk));
			request.on('end', () => {
				received.push(JSON.parse(body) as Record<string, unknown>);
				response.end('{}');
			});
		});
		await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
		notifyUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/resume`;
	});
	afterAll(() => listener.close());

	it('data not fresh: one item saying a notification is coming, and the POST arrives when the job is done', async () => {
		received = [];
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/vendors', options: { freshness: 'notify', notifyUrl } },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ pending: true, notify: 'coming', _meta: { status: 'updating', path: '/v1/vendors' } });
		expect(items[0].json.message).toMatch(/will POST to the Notify URL/);
		expect(received).toHaveLength(0);
		for (let waited = 0; received.length === 0 && waited < 50; waited++) await pause(100);
		expect(received).toEqual([expect.objectContaining({ status: 'ok', path: '/v1/vendors', jobId: expect.any(String) })]);
	});

	it('issue 27 gap 2: a refresh that failed answers stale with no job: notify "none-expected" with the reason, and indeed no webhook', async () => {
		await warm('/v1/user-roles');
		await sandbox.control.config({ failRefreshes: true });
		try {
			await sandbox.control.expire('/v1/user-roles');
			await pause(1100); // the helper key's rate limit
			const started = await fetch(`${sandbox.url}/v1/user-roles`, { headers: { 'X-API-Key': helperKey } });
			expect(((await started.json()) as { meta: { status: string } }).meta.status).toBe('updating');
			await pause(1500); // the 1 s refresh job fails
			received = [];
			const { items, error } = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/user-roles', returnAll: true, options: { freshness: 'notify', notifyUrl } },
				credentials: credentials(),
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ pending: false, notify: 'none-expected', _meta: { status: 'stale', statusDetails: { code: 502 } } });
			expect(items[0].json.reason).toContain('last refresh attempt: 502 The refresh from the upstream system failed');
			expect(items[0].json.reason).toContain('nothing will call the Notify URL');
			await pause(2500); // longer than a refresh job: a webhook would have come by now
			expect(received).toEqual([]);
		} finally {
			await sandbox.control.config({ failRefreshes: false });
			await pause(1100); // the helper key's rate limit, for the next test's warm()
		}
	});

	it('data already fresh: the records at once, no pending item; the service has called the URL already', async () => {
		await warm('/v1/bank-accounts');
		received = [];
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/bank-accounts', returnAll: true, options: { freshness: 'notify', notifyUrl } },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items.some((item) => item.json.pending !== undefined)).toBe(false);
		for (let waited = 0; received.length === 0 && waited < 20; waited++) await pause(50);
		expect(received).toEqual([expect.objectContaining({ status: 'ok', path: '/v1/bank-accounts' })]);
		expect(received[0]).not.toHaveProperty('jobId');
	});
});

describe('a key limited to some endpoints', () => {
	it('a read elsewhere fails once with "lacks the permission to read", quoting the service', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: credentials(limitedKey),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('The API key lacks the permission to read /v1/tenants');
		expect(error?.description).toContain('limited to other endpoints');
		expect(JSON.stringify(error)).not.toContain(limitedKey);
		expect((await sandbox.control.log()).map((entry) => [entry.path, entry.status])).toEqual([['/v1/tenants', 403]]);
	});
});

describe('a read-only key', () => {
	it('reads, and a create with it fails once with "lacks the permission"; nothing is created, nothing re-sent', async () => {
		const before = await sandbox.control.records('vendors');
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { method: 'POST', path: '/v1/vendors', body: { name: 'Read-only Plumbing' } },
			credentials: credentials(readOnlyKey),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Item 0: The API key lacks the permission to create records at /v1/vendors');
		expect(error?.description).toMatch(/read-only/);
		expect(JSON.stringify(error)).not.toContain(readOnlyKey);
		const posts = (await sandbox.control.log()).filter((entry) => entry.method === 'POST');
		expect(posts.map((entry) => entry.status)).toEqual([403]);
		expect(await sandbox.control.records('vendors')).toHaveLength(before.length);
	});
});
