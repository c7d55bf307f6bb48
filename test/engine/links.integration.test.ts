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

function errorText(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return `${message} ${description} ${JSON.stringify(error)}`;
}

describe('links and error texts, against crafted envelopes', () => {
	it('refuses an off-origin next link; that host never receives the key', async () => {
		const elsewhere = await serve(() => ({ body: envelope([{ id: 'x' }]) }));
		const service = await serve(() => ({ body: envelope([{ id: 1 }], `${elsewhere.url}/v1/tenants?cursor=2`) }));
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/Refused to follow a next-page link of \/v1\/tenants to another host/);
		expect(elsewhere.seen).toEqual([]);
		expect(service.seen).toHaveLength(1);
		expect(service.seen[0].headers['x-api-key']).toBe(apiKey);
		expect(errorText(error)).not.toContain(apiKey);
	});

	it('detects a cursor loop instead of paging forever', async () => {
		const service = await serve((url) => ({
			body: envelope([{ id: url }], url.includes('cursor=b') ? '/v1/tenants?cursor=a' : '/v1/tenants?cursor=b'),
		}));
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error?.message).toMatch(/pages of \/v1\/tenants loop/);
		expect(service.seen.map((seen) => seen.url)).toEqual([
			'/v1/tenants',
			'/v1/tenants?cursor=b',
			'/v1/tenants?cursor=a',
		]);
	});

	it('restarts from the first page when a later page belongs to a superseded snapshot: no duplicates, no gaps', async () => {
		let snapshot = 1;
		const service = await serve((url) => {
			if (url === '/v1/tenants') return { body: envelope([{ id: `${snapshot}-1` }], '/v1/tenants?cursor=2', snapshot) };
			if (snapshot === 1) {
				snapshot = 2;
				return { body: envelope([{ id: '1-2' }], undefined, 1, 'stale') };
			}
			return { body: envelope([{ id: '2-2' }], undefined, 2) };
		});
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(['2-1', '2-2']);
	});

	it('follows empty pages that still have a next link, and keeps the service order', async () => {
		const pages: Record<string, unknown> = {
			'/v1/tenants': envelope([{ id: 1 }, { id: 2 }], '/v1/tenants?cursor=2'),
			'/v1/tenants?cursor=2': envelope([], '/v1/tenants?cursor=3'),
			'/v1/tenants?cursor=3': envelope([{ id: 3 }]),
		};
		const service = await serve((url) => ({ body: pages[url] }));
		const { items } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants', returnAll: true },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(items.map((item) => item.json.id)).toEqual([1, 2, 3]);
	});

	it('keeps the key out of error texts even when the service echoes it', async () => {
		const service = await serve(() => ({
			status: 400,
			body: { message: `Unknown parameter for key ${apiKey}`, errors: [{ field: 'status', message: `bad ${apiKey}` }] },
		}));
		const { error, items } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants' },
			credentials: { apiKey, baseUrl: service.url },
			items: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(String(items[0].json.error)).toMatch(/Unknown parameter for key \[redacted\]/);
		expect(JSON.stringify(items)).not.toContain(apiKey);

		const failed = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants' },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(failed.error?.message).toMatch(/Unknown parameter/);
		expect(errorText(failed.error)).not.toContain(apiKey);
	});

	it('treats a 2xx body that is not an envelope as malformed and retries the GET, bounded', async () => {
		const service = await serve(() => ({ body: 'not an envelope' }));
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants' },
			credentials: { apiKey, baseUrl: service.url },
		});
		expect(error?.message).toMatch(/not a JSON envelope/);
		expect(service.seen).toHaveLength(4);
	});
});
