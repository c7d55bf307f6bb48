/**
 * Bad read input is refused before anything is sent: the error names the field and the item,
 * and the sandbox logs no request for that key.
 */
import type { TestSandbox } from '../../support/sandbox';
import { requestsOfKey, runWithKey, startReadSandbox } from './fixtures';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startReadSandbox(4);
});

afterAll(async () => {
	await sandbox?.close();
});

describe('read parameters refused before sending', () => {
	it.each([
		['a month that does not exist', 0, '2026-13-01'],
		['a day that does not exist', 1, '02/30/2026'],
	])('tenant events with a custom From of %s', async (_case, keyIndex, dateFrom) => {
		const run = await runWithKey(sandbox, keyIndex, {
			resource: 'tenantEvent',
			operation: 'getAll',
			dateRange: 'custom',
			dateFrom,
			dateTo: '2026-11-30',
		});
		expect(run.error?.message).toBe(`From must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '${dateFrom}' [item 0]`);
		expect(requestsOfKey(await sandbox.control.log(), keyIndex)).toEqual([]);
	});

	// an imported or hand-edited workflow: Tenant's Get Many is getAll; with getMany n8n's routing builds no URL
	it.each([
		['an operation the resource does not have (getMany for getAll)', { resource: 'tenant', operation: 'getMany' }, "Operation 'getMany' is not an operation of Resource 'tenant' [item 0]"],
		['a resource the node does not have', { resource: 'tenants', operation: 'getAll' }, "Resource 'tenants' is not a resource of this node [item 0]"],
	])('%s: an error naming the field and the item, no GET /', async (_case, parameters, message) => {
		const keyIndex = 2;
		const run = await runWithKey(sandbox, keyIndex, parameters);
		expect(run.error?.message).toBe(message);
		expect(requestsOfKey(await sandbox.control.log(), keyIndex)).toEqual([]);
	});
});

/**
 * A number the node reads that is not a number, or is out of range (an expression giving text, an
 * imported workflow): refused before anything is sent, the field named as the editor shows it. Before,
 * Max Wait "ten" polled once a second without end and -5 sent a request first.
 */
describe('numbers refused before sending', () => {
	it.each([
		['Max Wait that is text', { options: { maxWait: 'ten' } }, 'Options → Max Wait (Seconds) must be a number from 1 to 86400; item 0 has "ten"'],
		['Max Wait below 1', { options: { maxWait: -5 } }, 'Options → Max Wait (Seconds) must be a number from 1 to 86400; item 0 has -5'],
		['Max Wait infinite', { options: { maxWait: '1e999' } }, 'Options → Max Wait (Seconds) must be a number from 1 to 86400; item 0 has "1e999"'],
		['Max Age that is text', { options: { maxAge: 'soon' } }, 'Options → Max Age (Seconds) must be a number of at least 60; item 0 has "soon"'],
		['Limit that is text', { returnAll: false, limit: 'all' }, 'Limit must be a whole number of at least 1; item 0 has "all"'],
		['Limit below 1', { returnAll: false, limit: -3 }, 'Limit must be a whole number of at least 1; item 0 has -3'],
		['Limit not whole', { returnAll: false, limit: 2.5 }, 'Limit must be a whole number of at least 1; item 0 has 2.5'],
	])('Vendors → Get Many with %s', async (_case, parameters, message) => {
		const keyIndex = 3;
		const since = (await sandbox.control.log()).length;
		const run = await runWithKey(sandbox, keyIndex, { resource: 'vendor', operation: 'getAll', ...parameters });
		expect(run.error?.message).toBe(message);
		expect(run.error?.description).toMatch(/^Nothing was sent\./);
		expect(requestsOfKey((await sandbox.control.log()).slice(since), keyIndex)).toEqual([]);
	});
});

