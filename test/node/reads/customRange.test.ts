/**
 * Date Range "Custom": the From/To dates reach the service with dateRange=all_time, so they select
 * the days whether or not the service honours dates without a range (the documented profile plays
 * the stricter reading with `datesNeedRange`, sandbox/README.md); with both dates empty nothing is sent.
 */
import type { IDataObject } from 'n8n-workflow';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { runNode } from '../../support/n8n';
import type { TestSandbox } from '../../support/sandbox';
import { jsonOf, requestsOfKey, runWithKey, startReadSandbox } from './fixtures';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startReadSandbox(5);
	await sandbox.control.config({ datesNeedRange: true });
});

afterAll(async () => {
	await sandbox?.close();
});

const ALL = { returnAll: true };

describe('Date Range Custom', () => {
	it('sends the dates with dateRange=all_time and returns every event of those days', async () => {
		const custom = await runWithKey(sandbox, 0, {
			resource: 'tenantEvent',
			operation: 'getAll',
			...ALL,
			dateRange: 'custom',
			dateFrom: '2000-01-01T00:00:00',
			dateTo: '2099-12-31T00:00:00',
		});
		const allTime = await runWithKey(sandbox, 1, { resource: 'tenantEvent', operation: 'getAll', ...ALL, dateRange: 'all_time' });
		expect(custom.error).toBeUndefined();
		const log = await sandbox.control.log();
		const [first] = requestsOfKey(log, 0);
		expect(first.query).toEqual({ dateRange: 'all_time', dateFrom: '01/01/2000', dateTo: '12/31/2099' });
		const events = (items: IDataObject[]) => items.map((item) => `${item.occurredDate}|${item.event}|${JSON.stringify(item.tenant)}`).sort();
		expect(custom.items.length).toBeGreaterThan(0);
		expect(events(jsonOf(custom.items))).toEqual(events(jsonOf(allTime.items)));
	});

	it.each([
		['tenant events', 2, { resource: 'tenantEvent', operation: 'getAll' }, 'From and To'],
		['lease history', 3, { resource: 'lease', operation: 'getHistory' }, 'From and To'],
	])('%s: From and To both empty are refused, naming the fields, and nothing is sent', async (_case, keyIndex, operation, fields) => {
		const run = await runWithKey(sandbox, keyIndex, { ...operation, ...ALL, dateRange: 'custom', dateFrom: '', dateTo: '' });
		expect(run.error?.message).toBe(`Date Range is Custom but ${fields} are both empty [item 0]`);
		expect(run.error?.context?.itemIndex).toBe(0);
		expect(requestsOfKey(await sandbox.control.log(), keyIndex)).toEqual([]);
	});
});

describe('a JavaScript Date as From/To', () => {
	it("is sent as its day in the workflow's time zone (n8n's default, New York), not UTC's", async () => {
		// 8 pm on January 31 in New York is February 1 in UTC
		const evening = new Date('2026-02-01T01:00:00.000Z');
		const run = await runNode({
			nodeType: new PropertyManagement(),
			parameters: {
				resource: 'tenantEvent',
				operation: 'getAll',
				returnAll: false,
				limit: 1,
				dateRange: 'custom',
				dateFrom: '={{ $json.from }}',
				dateTo: '={{ $json.from }}',
			},
			credentials: { apiKey: sandbox.keys[4], baseUrl: sandbox.url },
			items: [{ json: { from: evening as unknown as IDataObject } }],
		});
		expect(run.error).toBeUndefined();
		const [request] = requestsOfKey(await sandbox.control.log(), 4);
		expect(request.query).toMatchObject({ dateFrom: '01/31/2026', dateTo: '01/31/2026' });
	});
});
