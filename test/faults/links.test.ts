/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { engineCall, idsOf } from '../support/engineCall';
import { okPage, startCraftedServer, type CraftedServer } from '../support/craftedServer';
import { MAX_SNAPSHOT_RESTARTS } from '../../nodes/shared/transport/reading/read';
import { duplicatesIn, errorText } from './setup';

const KEY = 'crafted-secret-key-6d1f0c';
const PATH = '/v1/guest-cards';
const cards = (...ids: number[]) => ids.map((id) => ({ guestCardId: String(id), name: `Card ${id}` }));
const servers: CraftedServer[] = [];

async function serve(reply: Parameters<typeof startCraftedServer>[0]) {
	const server = await startCraftedServer(reply);
	servers.push(server);
	return server;
}

const readAll = (server: CraftedServer) =>
	engineCall({ apiKey: KEY, baseUrl: server.url }, { method: 'GET', path: PATH, returnAll: true }, {}, { spacingMs: 0 });

afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});


/** Pages by cursor value; the first page has none. */
function pagedBy(pages: Record<string, { items: object[]; next?: string }>) {
	return (_request: unknown, url: URL) => {
		const page = pages[url.searchParams.get('page[after]') ?? 'first'];
		return page ? { body: okPage(PATH, page.items, page.next) } : { status: 404, body: { message: 'no such page' } };
	};
}

describe('crafted envelopes the sandbox never sends', () => {
	test('a cursor loop: stops with a clear error instead of reading forever', async () => {
		const server = await serve(
			pagedBy({
				first: { items: cards(1, 2), next: `${PATH}?page[after]=b` },
				b: { items: cards(3, 4), next: `${PATH}?page[after]=c` },
				c: { items: cards(5), next: `${PATH}?page[after]=b` },
			}),
		);
		const outcome = await readAll(server);
		expect(outcome.error?.message).toMatch(/loop/);
		expect(outcome.error?.message).toContain(PATH);
		// each page once, the looping link never followed
		expect(server.seen.map((request) => request.url)).toEqual([PATH, `${PATH}?page[after]=b`, `${PATH}?page[after]=c`]);
	});

	test('an off-origin next link: refused; the other host never sees a request, let alone the key', async () => {
		const elsewhere = await serve(() => ({ body: okPage(PATH, cards(9)) }));
		const server = await serve(pagedBy({ first: { items: cards(1), next: `${elsewhere.url}${PATH}?page[after]=2` } }));
		const outcome = await readAll(server);
		expect(elsewhere.seen).toEqual([]);
		expect(outcome.error?.message).toMatch(/another host/);
		expect(errorText(outcome.error)).not.toContain(KEY);
		expect(server.seen).toHaveLength(1);
	});

	test('an empty page that still has a next link: followed; every item of the later pages arrives once', async () => {
		const server = await serve(
			pagedBy({
				first: { items: cards(1, 2), next: `${PATH}?page[after]=empty` },
				empty: { items: [], next: `${PATH}?page[after]=last` },
				last: { items: cards(3) },
			}),
		);
		const outcome = await readAll(server);
		expect(outcome.error).toBeUndefined();
		expect(idsOf(outcome.items)).toEqual(['1', '2', '3']);
	});

	test('duplicate items across pages: the repeat on the later page is dropped, nothing lost', async () => {
		const server = await serve(
			pagedBy({
				first: { items: cards(1, 2, 3), next: `${PATH}?page[after]=2` },
				2: { items: cards(3, 4) },
			}),
		);
		const outcome = await readAll(server);
		expect(outcome.error).toBeUndefined();
		const ids = idsOf(outcome.items);
		expect(ids).toEqual(['1', '2', '3', '4']);
		expect(duplicatesIn(ids)).toEqual([]);
	});

	test('a 401 mid-run: a clear credential error, not retried, the key in no error text', async () => {
		const server = await serve((_request, url) =>
			url.searchParams.has('page[after]')
				? { status: 401, body: { message: 'Invalid or missing API key' } }
				: { body: okPage(PATH, cards(1, 2), `${PATH}?page[after]=2`) },
		);
		const outcome = await readAll(server);
		expect(outcome.error?.message).toMatch(/API key was rejected/);
		expect(errorText(outcome.error)).not.toContain(KEY);
		expect(server.seen).toHaveLength(2);
		// no partial list leaves the node as if it were the whole list
		expect(outcome.items).toEqual([]);
	});
});

describe('a 400 on a cursor the service handed out (it can no longer decode its own cursor)', () => {
	const refusal = { message: 'page[after] is not a cursor of this service', errors: [{ code: 'invalid_cursor', field: 'page[after]', message: 'page[after] is not a cursor of this service' }] };

	test('answered once: the read starts again from the first page, as after a 410, and ends with every item once', async () => {
		let refused = 0;
		const server = await serve((_request, url) => {
			const cursor = url.searchParams.get('page[after]');
			if (cursor === null) return { body: okPage(PATH, cards(1, 2), `${PATH}?page[after]=2`) };
			if (refused++ === 0) return { status: 400, body: refusal };
			return { body: okPage(PATH, cards(3), undefined, 2) };
		});
		const outcome = await readAll(server);
		expect(outcome.error).toBeUndefined();
		expect(idsOf(outcome.items)).toEqual(['1', '2', '3']);
		expect(server.seen.map((request) => request.url)).toEqual([PATH, `${PATH}?page[after]=2`, PATH, `${PATH}?page[after]=2`]);
	});

	test('answered every time: bounded like the 410 restart, then the service\'s own error naming the cursor; no partial list', async () => {
		const server = await serve((_request, url) =>
			url.searchParams.has('page[after]') ? { status: 400, body: refusal } : { body: okPage(PATH, cards(1, 2), `${PATH}?page[after]=2`) },
		);
		const outcome = await readAll(server);
		expect(outcome.error?.message).toBe('page[after] is not a cursor of this service');
		expect(errorText(outcome.error)).toContain(PATH);
		expect(errorText(outcome.error)).not.toContain(KEY);
		// the first read and MAX_SNAPSHOT_RESTARTS restarts, two requests each
		expect(server.seen).toHaveLength(2 * (MAX_SNAPSHOT_RESTARTS + 1));
		expect(outcome.items).toEqual([]);
	});

	test('a 400 on the first page is not restarted: one request, the error names the parameter', async () => {
		const server = await serve(() => ({
			status: 400,
			body: { message: 'Invalid value for dateRange', errors: [{ code: 'invalid', field: 'dateRange', message: 'Invalid value for dateRange' }] },
		}));
		const outcome = await engineCall(
			{ apiKey: KEY, baseUrl: server.url },
			{ method: 'GET', path: PATH, qs: { dateRange: 'someday' }, returnAll: true },
			{},
			{ spacingMs: 0 },
		);
		expect(outcome.error?.message).toContain('dateRange');
		expect(server.seen).toHaveLength(1);
	});
});
