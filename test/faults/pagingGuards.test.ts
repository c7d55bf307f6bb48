/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { MAX_PAGES_WITHOUT_NEW_ITEMS } from '../../nodes/shared/transport/reading/readGuards';
import { engineCall, idsOf } from '../support/engineCall';
import { okPage, startCraftedServer, type CraftedServer } from '../support/craftedServer';

const KEY = 'paging-guard-key-3b7a90';
/** Where a service that never stops would be cut off by the test itself, so the old code ends too. */
const TEST_CUTOFF = 40;
const servers: CraftedServer[] = [];

async function serve(reply: Parameters<typeof startCraftedServer>[0]) {
	const server = await startCraftedServer(reply);
	servers.push(server);
	return server;
}

afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

const read = (server: CraftedServer, path: string, paging: { returnAll?: boolean; limit?: number } = { returnAll: true }) =>
	engineCall({ apiKey: KEY, baseUrl: server.url }, { method: 'GET', path, ...paging }, {}, { spacingMs: 0 });

/** Page n links to page n+1 until the test's cut-off; `itemsOf(n)` is what page n holds. */
function endlessPages(path: string, itemsOf: (page: number) => object[]) {
	return (_request: unknown, url: URL) => {
		const page = Number(url.searchParams.get('cursor') ?? 1);
		const next = page < TEST_CUTOFF ? `${path}?cursor=${page + 1}` : undefined;
		return { body: okPage(path, itemsOf(page), next, page) };
	};
}

describe('a read that never ends', () => {
	test('pages that each bring a new cursor but no item: stopped with a clear error after a few pages', async () => {
		const server = await serve(endlessPages('/v1/vendors', () => []));
		const outcome = await read(server, '/v1/vendors', { limit: 10 });
		expect(outcome.error?.message).toMatch(/The pages of \/v1\/vendors stopped bringing new items/);
		expect(outcome.error?.description).toContain(`${MAX_PAGES_WITHOUT_NEW_ITEMS} pages in a row`);
		expect(server.seen).toHaveLength(MAX_PAGES_WITHOUT_NEW_ITEMS);
	});

	test('pages that repeat the records already read under new cursors: stopped the same way', async () => {
		const server = await serve(endlessPages('/v1/vendors', () => [{ upstreamId: '1' }, { upstreamId: '2' }]));
		const outcome = await read(server, '/v1/vendors');
		expect(outcome.error?.message).toMatch(/stopped bringing new items/);
		expect(server.seen).toHaveLength(MAX_PAGES_WITHOUT_NEW_ITEMS + 1);
	});

	test('a few empty pages before the rest still arrive: every item once', async () => {
		const emptyRun = MAX_PAGES_WITHOUT_NEW_ITEMS - 1;
		const server = await serve((_request, url) => {
			const page = Number(url.searchParams.get('cursor') ?? 1);
			const items = page === 1 ? [{ upstreamId: 'a' }] : page <= 1 + emptyRun ? [] : [{ upstreamId: 'b' }];
			return { body: okPage('/v1/vendors', items, page <= 1 + emptyRun ? `/v1/vendors?cursor=${page + 1}` : undefined, page) };
		});
		const outcome = await read(server, '/v1/vendors');
		expect(outcome.error).toBeUndefined();
		expect(idsOf(outcome.items)).toEqual(['a', 'b']);
	});
});

describe('repeated rows: by record identity, whatever the page size', () => {
	const rentRollRow = { unit: '101', chargeType: 'Rent', amount: '1200.00' };

	test('3 identical rows of an id-less report over 2 pages: all 3 kept', async () => {
		const path = '/v1/rent-roll-itemized';
		const server = await serve((_request, url) =>
			url.searchParams.has('cursor')
				? { body: okPage(path, [rentRollRow], undefined, 2) }
				: { body: okPage(path, [rentRollRow, rentRollRow], `${path}?cursor=2`) },
		);
		const outcome = await read(server, path);
		expect(outcome.error).toBeUndefined();
		expect(outcome.items).toEqual([rentRollRow, rentRollRow, rentRollRow]);
	});

	test('the same records split into pages of 2 or of 3 give the same list; a repeated record counts once', async () => {
		const path = '/v1/guest-cards';
		// card 3 comes twice (a page boundary that shifted while paging)
		const sequence = ['1', '2', '3', '3', '4'].map((id) => ({ guestCardId: id, name: `Card ${id}` }));
		const outputs: string[][] = [];
		for (const size of [2, 3]) {
			const server = await serve((_request, url) => {
				const start = Number(url.searchParams.get('cursor') ?? 0);
				const next = start + size < sequence.length ? `${path}?cursor=${start + size}` : undefined;
				return { body: okPage(path, sequence.slice(start, start + size), next) };
			});
			const outcome = await read(server, path);
			expect(outcome.error).toBeUndefined();
			outputs.push(idsOf(outcome.items));
		}
		expect(outputs).toEqual([
			['1', '2', '3', '4'],
			['1', '2', '3', '4'],
		]);
	});

	test.each([
		['/v1/rent-roll-itemized', (charge: string) => ({ upstreamId: '9', occupancyId: '41', chargeType: charge, amount: '75.00' })],
		['/v1/work-orders', (charge: string) => ({ upstreamId: '310', status: 'Assigned', jobDescription: charge })],
	])('%s: rows that share an id but differ are all kept; a whole row repeated counts once', async (path, row) => {
		const server = await serve((_request, url) =>
			url.searchParams.has('cursor')
				? { body: okPage(path, [row('Parking'), row('Pet Rent')], undefined, 2) }
				: { body: okPage(path, [row('Rent'), row('Parking')], `${path}?cursor=2`) },
		);
		const outcome = await read(server, path);
		expect(outcome.error).toBeUndefined();
		expect(outcome.items).toEqual([row('Rent'), row('Parking'), row('Pet Rent')]);
	});

	test('tenant events (no id of their own) that share a reference id are all kept', async () => {
		const path = '/v1/tenant-events';
		const event = (tenant: number) => ({ event: 'Move-in', occurredDate: '11/02/2026', rentalApplicationId: 7, tenant: { upstreamId: tenant } });
		const server = await serve((_request, url) =>
			url.searchParams.has('cursor')
				? { body: okPage(path, [event(2)], undefined, 2) }
				: { body: okPage(path, [event(1)], `${path}?cursor=2`) },
		);
		const outcome = await read(server, path);
		expect(outcome.items).toEqual([event(1), event(2)]);
	});
});
