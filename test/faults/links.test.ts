import { engineCall, idsOf } from './engineCall';
import { okPage, startCraftedServer, type CraftedServer } from './craftedServer';
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
