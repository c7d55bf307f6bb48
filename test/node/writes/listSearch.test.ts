import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../../../nodes/shared/listSearch';
import { SEARCH_PAGE_SIZE } from '../../../nodes/shared/listSearch/searchList';
import type { TestSandbox } from '../../support/sandbox';
import { okPage, startCraftedServer } from '../../support/craftedServer';
import { listSearchContext, searchList, startWritesSandbox, type ListSearchMethod, type WritesSandbox } from './harness';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

type Method = ListSearchMethod;

const search = async (method: Method, filter?: string, token?: string) => await searchList(env.sandbox, method, filter, token);

const text = (value: unknown) => String(value ?? '');
/** the node's label rules where fields are null (the hostile profile nulls some): no dangling separator, never an empty name */
const join = (separator: string, parts: unknown[]) => parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);
const entry = (name: string, id: unknown) => ({ name: name || `(no name) · ID ${text(id)}`, value: text(id) });
const countOf = (ids: unknown) => (Array.isArray(ids) ? `${ids.length} ${ids.length === 1 ? 'property' : 'properties'}` : undefined);

describe('resource-locator searches', () => {
	it.each<[Method, string, (row: IDataObject) => { name: string; value: string } | undefined]>([
		[
			'searchProperties',
			'/v1/properties',
			(row) => entry(text(row.label ?? row.name), row.upstreamId),
		],
		[
			'searchOwners',
			'/v1/owners',
			(row) => entry(text(row.name), row.upstreamId),
		],
		[
			'searchVendors',
			'/v1/vendors',
			(row) => entry(text(row.companyName ?? row.name), row.upstreamId),
		],
		[
			'searchGlAccounts',
			'/v1/gl-accounts',
			(row) =>
				row.accountType === 'Header'
					? undefined
					: entry(join(' - ', [row.number, row.accountName]), row.upstreamId),
		],
		[
			'searchBankAccounts',
			'/v1/bank-accounts',
			(row) => entry(join(' · ', [row.name, row.maskedAccountNumber]), row.upstreamId),
		],
		[
			'searchPropertyGroups',
			'/v1/property-groups',
			(row) => entry(join(' · ', [row.name, countOf(row.propertyIds)]), row.upstreamId),
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
			name: expect.stringContaining(order.number === null ? '' : `PO ${text(order.number)}`),
		});
	});

	it('searchOccupancies offers one entry per occupancy, named by its tenants and unit', async () => {
		const tenants = await env.rows('/v1/tenants?status=current');
		await env.clear();
		const { results } = await search('searchOccupancies');
		const tenant = tenants.find((row) => row.occupancyUpstreamId)!;
		const entry = results.find((result) => result.value === text(tenant.occupancyUpstreamId))!;
		expect(entry.name).toContain(text(tenant.name));
		expect(entry.name).toContain(text((tenant.unit as IDataObject | null)?.name));
		expect(new Set(results.map((result) => result.value)).size).toBe(results.length);
		expect((await env.apiLog()).every((log) => log.path === '/v1/tenants')).toBe(true);
	});

	it('filters by the typed text, case-insensitively, on label or id', async () => {
		const plumbing = (await env.rows('/v1/gl-accounts')).filter((row) => row.accountType !== 'Header' && /plumb/i.test(text(row.accountName)));
		const { results } = await search('searchGlAccounts', 'plumb');
		expect(results).toEqual(plumbing.map((row) => entry(join(' - ', [row.number, row.accountName]), row.upstreamId)));
		expect(results.length).toBe(1);
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
		const queriedStatus = new Map<IDataObject, string>();
		for (const status of STATUSES) {
			const rows = await env.rows(`/v1/tenants?status=${status.toLowerCase()}`);
			for (const row of rows) queriedStatus.set(row, status);
			byStatus.push(...rows);
		}
		await env.clear();
		const order = [...new Set(byStatus.map((tenant) => text(tenant.occupancyUpstreamId)).filter(Boolean))];
		// a tenant's own status, or the one it was read under when the service left it null
		const statusOf = new Map(order.map((occupancy) => {
			const tenant = byStatus.find((row) => text(row.occupancyUpstreamId) === occupancy)!;
			return [occupancy, text(tenant.status ?? queriedStatus.get(tenant))];
		}));

		const first = await search('searchOccupancies');
		expect(first.results.map((result) => result.value)).toEqual(order.slice(0, first.results.length));
		// the status ends the label, after the unit and property (` · `) or the tenants when both are null (` – `)
		for (const result of first.results) expect(result.name).toMatch(new RegExp(`[·–] ${statusOf.get(String(result.value))}$`));
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

describe('entries of records whose fields are null (spec: any field may be null)', () => {
	it('no dangling separator, and a record without any name is named by its id, never an empty line', async () => {
		const rows = [
			{ upstreamId: '1', number: null, accountName: 'Plumbing', accountType: 'Expense' },
			{ upstreamId: '2', number: '6120', accountName: null, accountType: 'Expense' },
			{ upstreamId: '3', number: null, accountName: null, accountType: null },
		];
		const server = await startCraftedServer(() => ({ body: okPage('/v1/gl-accounts', rows) }));
		try {
			const context = listSearchContext({ key: env.sandbox.key, url: server.url } as TestSandbox);
			const { results } = await listSearch.searchGlAccounts.call(context);
			expect(results).toEqual([
				{ name: 'Plumbing', value: '1' },
				{ name: '6120', value: '2' },
				{ name: '(no name) · ID 3', value: '3' },
			]);
		} finally {
			await server.close();
		}
	});
});
