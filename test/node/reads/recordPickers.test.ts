/**
 * Record pickers that were plain ID fields: each one's "From List" search against the sandbox
 * (labels, the typed filter, pages), and an operation run with the record picked From List, typed
 * By ID, and as the plain string a workflow saved before the picker holds.
 */
import type { IDataObject, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import type { Db } from '../../../sandbox/db/db';
import { listSearch } from '../../../nodes/shared/listSearch';
import { SEARCH_PAGE_SIZE } from '../../../nodes/shared/listSearch/searchList';
import { byId, fromList, listSearchContext, startWritesSandbox, type WritesSandbox } from '../writes/harness';

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

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** the node's label rules: null parts leave no separator, a record without a name is named by its id */
const join = (separator: string, parts: unknown[]) => parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);
const entry = (name: string, id: unknown) => ({ name: name || `(no name) · ID ${text(id)}`, value: text(id) });

/** The three ways a saved workflow holds a picked record. */
const VALUE_FORMS: Array<[string, (id: string) => NodeParameterValueType]> = [
	['From List', fromList],
	['By ID', byId],
	['a plain string (saved before the picker)', (id) => id],
];

/** Runs `parameters` with the record given in each form; each sends `query` once and returns the same items. */
async function runsInEveryForm(
	parameters: (value: NodeParameterValueType) => INodeParameters,
	id: string,
	path: string,
	query: IDataObject,
): Promise<IDataObject[][]> {
	const outputs: IDataObject[][] = [];
	for (const [form, valueOf] of VALUE_FORMS) {
		await env.clear();
		const run = await env.run(parameters(valueOf(id)));
		expect([form, run.error?.message]).toEqual([form, undefined]);
		const sent = (await env.apiLog()).filter((logged) => logged.path === path);
		const sentQuery = sent.length > 0 && sent.every((logged) => Object.entries(query).every(([name, value]) => logged.query[name] === value));
		expect([form, sentQuery]).toEqual([form, true]);
		outputs.push(run.items.map((item) => item.json));
	}
	expect(outputs[1]).toEqual(outputs[0]);
	expect(outputs[2]).toEqual(outputs[0]);
	return outputs;
}

describe('Work Order (Attachment → Get Many, Attached To: Work Order)', () => {
	const workOrderLabel = (row: IDataObject) =>
		entry(
			join(' · ', [
				text(row.workOrderNumber) && `WO ${text(row.workOrderNumber)}`,
				row.jobDescription,
				join(' – ', [(row.property as IDataObject | null)?.name, (row.unit as IDataObject | null)?.name]),
				row.status,
			]),
			row.upstreamId,
		);

	it('searchWorkOrders lists every work order, whatever its date, by number, job, place and status, a page at a time', async () => {
		const rows = await env.rows('/v1/work-orders?dateRange=all_time');
		await env.clear();
		expect(rows.length).toBeGreaterThan(SEARCH_PAGE_SIZE);
		const first = await search('searchWorkOrders');
		expect(first.results).toEqual(rows.slice(0, SEARCH_PAGE_SIZE).map(workOrderLabel));
		const log = await env.apiLog();
		expect(log.every((logged) => logged.path === '/v1/work-orders' && logged.query.dateRange === 'all_time')).toBe(true);
		const second = await search('searchWorkOrders', '', first.paginationToken as string);
		expect(second.results).toEqual(rows.slice(SEARCH_PAGE_SIZE, 2 * SEARCH_PAGE_SIZE).map(workOrderLabel));
	});

	it('filters by the typed text: a work order number finds that work order', async () => {
		const rows = await env.rows('/v1/work-orders?dateRange=all_time');
		const wanted = rows.find((row) => text(row.workOrderNumber) !== '')!;
		const { results } = await search('searchWorkOrders', text(wanted.workOrderNumber));
		expect(results).toContainEqual(workOrderLabel(wanted));
		expect(results.every((result) => result.name.includes(text(wanted.workOrderNumber)) || String(result.value).includes(text(wanted.workOrderNumber)))).toBe(true);
	});

	it('lists the attachments of the work order picked From List, typed By ID or saved as a plain string', async () => {
		const db = env.sandbox.handle.state.db as Db;
		const workOrderId = db.attachments.find((attachment) => attachment.workOrderId)!.workOrderId!;
		const [items] = await runsInEveryForm(
			(workOrder) => ({ resource: 'attachment', operation: 'getAll', attachedTo: 'workOrder', workOrderId: workOrder, returnAll: true }),
			workOrderId,
			'/v1/attachments',
			{ workOrderId },
		);
		expect(items.length).toBeGreaterThan(0);
	});
});

describe('Guest Card (Email → Get Many, Emails Of: Guest Card)', () => {
	const guestCardLabel = (row: IDataObject) =>
		entry(join(' · ', [row.name, join(' – ', [row.propertyName, row.unit]), row.status, row.received]), row.guestCardId);

	it('searchGuestCards lists every guest card, whatever its date, by name, property – unit, status and received date, valued by guestCardId', async () => {
		const rows = (await env.rows('/v1/guest-cards?dateRange=all_time')).filter((row) => text(row.guestCardId) !== '');
		await env.clear();
		const first = await search('searchGuestCards');
		expect(first.results.length).toBeGreaterThan(0);
		expect(first.results).toEqual(rows.slice(0, SEARCH_PAGE_SIZE).map(guestCardLabel));
		const log = await env.apiLog();
		expect(log.every((logged) => logged.path === '/v1/guest-cards' && logged.query.dateRange === 'all_time')).toBe(true);
		const { results } = await search('searchGuestCards', text(rows[0].name).toUpperCase());
		expect(results).toContainEqual(guestCardLabel(rows[0]));
	});

	it('lists the emails of the guest card picked From List, typed By ID or saved as a plain string', async () => {
		const db = env.sandbox.handle.state.db as Db;
		const guestCardId = db.emails.find((email) => email.guestCardId !== null)!.guestCardId!;
		const [items] = await runsInEveryForm(
			(guestCard) => ({ resource: 'email', operation: 'getAll', emailsOf: 'guestCard', guestCardId: guestCard, returnAll: true }),
			guestCardId,
			'/v1/emails',
			{ guestCardId },
		);
		expect(items.length).toBeGreaterThan(0);
	});
});
