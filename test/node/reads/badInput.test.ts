/**
 * Bad read input is refused before anything is sent: the error names the field and the item,
 * and the sandbox logs no request for that key.
 */
import type { TestSandbox } from '../../support/sandbox';
import { requestsOfKey, runWithKey, startReadSandbox } from './fixtures';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startReadSandbox(3);
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
