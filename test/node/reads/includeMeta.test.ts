/**
 * Include Meta (issue 28, item 9): each item's `_meta` keeps the service's `meta.count` and
 * `meta.query` of the page it came from, beside status, lastUpdated, page and path.
 */
import type { IDataObject } from 'n8n-workflow';
import { itUnlessHostile, type TestSandbox } from '../../support/sandbox';
import { runWithKey, startReadSandbox } from './fixtures';

let sandbox: TestSandbox;
let metas: IDataObject[];

beforeAll(async () => {
	sandbox = await startReadSandbox(2);
});

afterAll(async () => {
	await sandbox?.close();
});

it('keeps meta.count and meta.query of the page each item came from', async () => {
	const { items, error } = await runWithKey(sandbox, 0, {
		resource: 'vendor',
		operation: 'getAll',
		returnAll: true,
		options: { includeMeta: true },
	});
	expect(error).toBeUndefined();
	expect(items.length).toBeGreaterThan(0);
	// the first page, read directly from the service
	const direct = await fetch(`${sandbox.url}/v1/vendors`, { headers: { 'X-API-Key': sandbox.keys[1] } });
	const { meta } = (await direct.json()) as { meta: IDataObject };
	expect(typeof meta.count).toBe('number');
	expect(meta.query).toBeDefined();
	metas = items.map((item) => item.json._meta as IDataObject);
	const firstPage = metas.filter((itemMeta) => itemMeta.page === meta.page);
	expect(firstPage.length).toBeGreaterThan(0);
	for (const itemMeta of firstPage) expect(itemMeta).toMatchObject({ status: 'ok', count: meta.count, query: meta.query, path: '/v1/vendors' });
});

itUnlessHostile('meta.query is left off some pages')('every page carries them', () => {
	expect(metas.filter((itemMeta) => typeof itemMeta.count !== 'number' || typeof itemMeta.query !== 'object')).toEqual([]);
});
