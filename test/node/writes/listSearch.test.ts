import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../../../nodes/PropertyManagement/listSearch';
import { SEARCH_PAGE_SIZE } from '../../../nodes/PropertyManagement/listSearch/searchList';
import type { TestSandbox } from '../../helpers/sandbox';
import { okPage, startCraftedServer } from '../../faults/craftedServer';
import { listSearchContext, startWritesSandbox, type WritesSandbox } from './harness';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

type Method = keyof typeof listSearch;

async function search(method: Method, filter?: string, token?: string) {
	return await listSearch[method].call(listSearchContext(env.sandbox), filter, token);
}

const text = (value: unknown) => String(value ?? '');

describe('resource-locator searches', () => {
	it.each<[Method, string, (row: IDataObject) => { name: string; value: string } | undefined]>([
		[
			'searchProperties',
			'/v1/properties',
			(row) => ({ name: text(row.label), value: text(row.upstreamId) }),
		],
		[
			'searchOwners',
			'/v1/owners',
			(row) => ({ name: text(row.name), value: text(row.upstreamId) }),
		],
		[
			'searchVendors',
			'/v1/vendors',
			(row) => ({ name: text(row.companyName ?? row.name), value: text(row.upstreamId) }),
		],
		[
			'searchGlAccounts',
			'/v1/gl-accounts',
			(row) =>
				row.accountType === 'Header'
					? undefined
					: { name: `${text(row.number)} - ${text(row.accountName)}`, value: text(row.upstreamId) },
		],
		[
			'searchBankAccounts',
			'/v1/bank-accounts',
			(row) => ({
				name: `${text(row.name)} · ${text(row.maskedAccountNumber)}`,
				value: text(row.upstreamId),
			}),
		],
		[
			'searchPropertyGroups',
			'/v1/property-groups',
			(row) => ({
				name: `${text(row.name)} · ${(row.propertyIds as unknown[]).length} ${(row.propertyIds as unknown[]).length === 1 ? 'property' : 'properties'}`,
				value: text(row.upstreamId),
			}),
		],
	])('%s lists %s as label and id', async (method, path, expected) => {
		const rows = await env.rows(path);
		await env.clear();
		const { results } = await search(method);
		const wanted = rows.map(expected).filter((entry) => entry !== undefined);
		expect(results.length).toBeGreaterThan(0);
		expect(results).toEqual(wanted.slice(0, SEARCH_PAGE_SIZE));
		const log = await env.apiLog();
		expect(log.length).toBeGreaterThan(0);
		expect(
			log.every((entry) => entry.method === 'GET' && entry.path === path && entry.hasApiKey),
		).toBe(true);
	});

	it('searchBills and searchPurchaseOrders label records by payee/number, date and amount', async () => {
		const [bill] = await env.rows('/v1/bills');
		const [order] = await env.rows('/v1/purchase-orders');
		const bills = await search('searchBills');
		const orders = await search('searchPurchaseOrders');
		expect(bills.results[0].value).toBe(bill.upstreamId);
		expect(bills.results[0].name).toContain(text(bill.payeeName));
		expect(bills.results[0].name).toContain(text(bill.amount));
		expect(orders.results[0]).toMatchObject({
			value: order.upstreamId,
			name: expect.stringContaining(`PO ${text(order.number)}`),
		});
	});

	it('searchOccupancies offers one entry per occupancy, named by its tenants and unit', async () => {
		const tenants = await env.rows('/v1/tenants?status=current');
		await env.clear();
		const { results } = await search('searchOccupancies');
		const tenant = tenants.find((row) => row.occupancyUpstreamId)!;
		const entry = results.find((result) => result.value === text(tenant.occupancyUpstreamId))!;
		expect(entry.name).toContain(text(tenant.name));
		expect(entry.name).toContain(text((tenant.unit as IDataObject).name));
		expect(new Set(results.map((result) => result.value)).size).toBe(results.length);
		expect((await env.apiLog()).every((log) => log.path === '/v1/tenants')).toBe(true);
	});

	it('filters by the typed text, case-insensitively, on label or id', async () => {
		const { results } = await search('searchGlAccounts', 'plumb');
		expect(results).toEqual([{ name: '6110 - Plumbing', value: expect.any(String) }]);
		const byValue = await search('searchGlAccounts', results[0].value as string);
		expect(byValue.results.map((result) => result.value)).toContain(results[0].value);
	});

	it('pages with its token when there are more entries than one dropdown page', async () => {
		const tenants = [...(await env.rows('/v1/tenants?status=current')), ...(await env.rows('/v1/tenants?status=notice'))];
		const occupancies = new Set(
			tenants.map((tenant) => tenant.occupancyUpstreamId).filter(Boolean),
		);
		// the seeded data has more occupancies than one dropdown page
		expect(occupancies.size).toBeGreaterThan(SEARCH_PAGE_SIZE);
		const first = await search('searchOccupancies', '');
		expect(first.paginationToken).toBe(String(first.results.length));
		const second = await search('searchOccupancies', '', first.paginationToken as string);
		const seen = [...first.results, ...second.results].map((result) => result.value);
		// consecutive pages: no entry twice, none skipped
		expect(new Set(seen).size).toBe(seen.length);
		expect(seen).toEqual([...occupancies].slice(0, seen.length).map(String));
	});
});

describe('searchOccupancies: every status, current first (issue 28, item 8)', () => {
	const STATUSES = ['Current', 'Notice', 'Evict', 'Future', 'Past'];

	it('labels each occupancy with its status, lists current ones first, and finds future and past tenants', async () => {
		const byStatus: IDataObject[] = [];
		for (const status of STATUSES) byStatus.push(...(await env.rows(`/v1/tenants?status=${status.toLowerCase()}`)));
		await env.clear();
		const order = [...new Set(byStatus.map((tenant) => text(tenant.occupancyUpstreamId)).filter(Boolean))];
		const statusOf = new Map(order.map((occupancy) => [occupancy, text(byStatus.find((tenant) => text(tenant.occupancyUpstreamId) === occupancy)!.status)]));

		const first = await search('searchOccupancies');
		expect(first.results.map((result) => result.value)).toEqual(order.slice(0, first.results.length));
		for (const result of first.results) expect(result.name.endsWith(` · ${statusOf.get(String(result.value))}`)).toBe(true);
		expect(first.results[0].name).toMatch(/ · Current$/);

		for (const status of ['Future', 'Past']) {
			const { results } = await search('searchOccupancies', status);
			const ofStatus = results.filter((result) => result.name.endsWith(` · ${status}`));
			expect(ofStatus.length).toBeGreaterThan(0);
			for (const result of ofStatus) expect(statusOf.get(String(result.value))).toBe(status);
		}
		const queried = new Set((await env.apiLog()).map((entry) => JSON.stringify(entry.query.status)));
		expect(queried).toEqual(new Set(STATUSES.map((status) => JSON.stringify(status.toLowerCase()))));
	});
});

describe('searchPropertyGroups counts what a group carries', () => {
	it('propertyCount or propertyUuids (the create answer\'s shape) when there is no propertyIds; no count when there is none', async () => {
		const rows = [
			{ upstreamId: '8', name: 'SunnySide', propertyIds: ['2', '5', '7'] },
			{ upstreamId: '18', name: 'Atlantic', uuid: 'u-18', propertyUuids: ['a', 'b', 'c', 'd', 'e'], propertyCount: 5, editable: true },
			{ upstreamId: '19', name: 'Harbor', propertyUuids: ['x'] },
			{ upstreamId: '20', name: 'Unknown shape' },
		];
		const server = await startCraftedServer(() => ({ body: okPage('/v1/property-groups', rows) }));
		try {
			const context = listSearchContext({ key: env.sandbox.key, url: server.url } as TestSandbox);
			const { results } = await listSearch.searchPropertyGroups.call(context);
			expect(results).toEqual([
				{ name: 'SunnySide · 3 properties', value: '8' },
				{ name: 'Atlantic · 5 properties', value: '18' },
				{ name: 'Harbor · 1 property', value: '19' },
				{ name: 'Unknown shape', value: '20' },
			]);
		} finally {
			await server.close();
		}
	});
});
