/**
 * The engine under the rules of the public docs that the spec words differently, against crafted
 * envelopes, through n8n-core's real execution (sandbox/README.md, "Spec or docs").
 */
import { randomUUID } from 'node:crypto';

import { runNode } from '../support/n8n';
import { envelope, startCraftedServer, type CraftedReply, type CraftedServer } from '../support/craftedServer';
import { engineTestNode } from '../support/engineTestNode';

const apiKey = `crafted-${randomUUID()}`;
const servers: CraftedServer[] = [];
afterAll(async () => await Promise.all(servers.map((server) => server.close())));

/** A crafted server whose answer depends only on the requested path and query. */
async function serve(respond: (url: string) => CraftedReply) {
	const server = await startCraftedServer((request) => respond(request.url));
	servers.push(server);
	return server;
}

/** Three pages of one cache entry, each page saying `status`, with meta.count as given. */
function threePages(status: string, count: (pageItems: number) => number, lastUpdated = 1_700_000_000) {
	return (url: string) => {
		const cursor = new URLSearchParams(url.split('?')[1] ?? '').get('cursor');
		const page = cursor === null ? 1 : Number(cursor);
		const data = page === 3 ? [{ id: 'c1' }] : [{ id: `${page === 1 ? 'a' : 'b'}1` }, { id: `${page === 1 ? 'a' : 'b'}2` }];
		const body = envelope(data, page < 3 ? `/v1/tenants?cursor=${page + 1}` : undefined, lastUpdated, status);
		body.meta.count = count(data.length);
		return { body };
	};
}

const ALL_IDS = ['a1', 'a2', 'b1', 'b2', 'c1'];

describe('a stale entry read in the cached modes (every page says stale)', () => {
	it('Return Cached Data: one pass over the pages, the whole list, no "kept changing"', async () => {
		const service = await serve(threePages('stale', (items) => items));
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true, options: { freshness: 'cached', includeMeta: true } },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ALL_IDS);
		expect(items.every((item) => (item.json._meta as { status: string }).status === 'stale')).toBe(true);
		expect(service.seen).toHaveLength(3);
	});

	it('Return Stale Data on time-out: the same', async () => {
		const service = await serve(threePages('stale', (items) => items));
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true, options: { maxWait: 1, onWaitTimeout: 'returnStale' } },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ALL_IDS);
		// the first page is looked at once, and again at Max Wait when the first answer came sooner
		// (the key's turn after the previous test often takes the whole second, not always): then one pass
		const urls = service.seen.map((request) => request.url);
		expect(urls.slice(-2)).toEqual(['/v1/tenants?cursor=2', '/v1/tenants?cursor=3']);
		expect(['/v1/tenants', '/v1/tenants,/v1/tenants']).toContain(urls.slice(0, -2).join(','));
	});

	it('a page whose lastUpdated differs is another snapshot even in the cached modes: the read restarts', async () => {
		let passes = 0;
		const pages = threePages('stale', (items) => items);
		const service = await serve((url) => {
			if (!url.includes('cursor')) passes++;
			const answer = pages(url);
			if (passes === 1 && url.includes('cursor=2')) answer.body.meta.lastUpdated = 1_700_000_100;
			return answer;
		});
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true, options: { freshness: 'cached' } },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ALL_IDS);
		expect(service.seen.map((seen) => seen.url)).toEqual([
			'/v1/tenants',
			'/v1/tenants?cursor=2',
			'/v1/tenants',
			'/v1/tenants?cursor=2',
			'/v1/tenants?cursor=3',
		]);
	});
});

describe('meta.count: the engine depends on neither reading', () => {
	const readings = {
		'spec (items in data)': (items: number) => items,
		'docs (total matches)': () => 172,
		'absent or nonsense': () => -1,
	};

	for (const [reading, count] of Object.entries(readings)) {
		it(`${reading}: Return All reads every page, a Limit stops at the limit`, async () => {
			const service = await serve(threePages('ok', count));
			const all = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/tenants', returnAll: true },
				credentials: { apiKey, baseUrl: service.url },
			});
			expect(all.error).toBeUndefined();
			expect(all.items.map((item) => item.json.id)).toEqual(ALL_IDS);
			expect(service.seen).toHaveLength(3);

			const limited = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/tenants', returnAll: false, limit: 3 },
				credentials: { apiKey, baseUrl: service.url },
			});
			expect(limited.items.map((item) => item.json.id)).toEqual(['a1', 'a2', 'b1']);
			expect(service.seen).toHaveLength(5);
		});
	}
});

describe('403 from a key that lacks a permission', () => {
	it('a read: says the key lacks the permission to read the path, quotes the service, is not retried', async () => {
		const service = await serve(() => ({
			status: 403,
			body: { statusCode: 403, type: 'Forbidden', message: 'This key may not access /v1/tenants', errors: [] },
		}));
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('The API key lacks the permission to read /v1/tenants');
		expect(error?.description).toMatch(/This key may not access \/v1\/tenants/);
		expect(error?.description).toMatch(/read-only or limited to some endpoints/);
		expect(service.seen).toHaveLength(1);
	});
});

describe('meta.statusDetails: the service says why its last refresh failed', () => {
	const failed = { code: 401, message: 'Could not sign in to the upstream system' };

	it('Max Wait passes: the error quotes the code and message of the last attempt', async () => {
		const service = await serve(() => ({ body: { meta: { status: 'stale', lastUpdated: null, count: 0, statusDetails: failed }, links: {} } }));
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true, options: { maxWait: 1 } },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error?.message).toMatch(/\/v1\/tenants was not refreshed within 1 s/);
		expect(error?.description).toContain('last refresh attempt: 401 Could not sign in to the upstream system');
	});

	it('Return Cached Data with Include Meta: each item shows it in _meta', async () => {
		const service = await serve(() => {
			const body = envelope([{ id: 'a' }], undefined, 1_700_000_000, 'stale');
			return { body: { ...body, meta: { ...body.meta, statusDetails: failed } } };
		});
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true, options: { freshness: 'cached', includeMeta: true } },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json._meta)).toEqual([expect.objectContaining({ status: 'stale', statusDetails: failed })]);
	});
});
