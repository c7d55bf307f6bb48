import type { IDataObject } from 'n8n-workflow';

import { REQUEST_BODY_LIMIT_BYTES } from '../../../nodes/PropertyManagement/resources/bill/invoice';
import { answered, testProfile } from '../../support/sandbox';
import { byId, fromList, startWritesSandbox, type WritesSandbox } from './harness';

let env: WritesSandbox;
let vendorId: string;
let propertyId: string;
let plumbing: string;
let repairsHeader: string;

beforeAll(async () => {
	env = await startWritesSandbox();
	vendorId = String((await env.rows('/v1/vendors'))[0].upstreamId);
	propertyId = String((await env.rows('/v1/properties'))[0].upstreamId);
	// upstream records: a served row may have its number nulled (hostile profile)
	const accounts = await env.sandbox.control.records<{ number: string; upstreamId: string }>('glAccounts');
	const idOf = (number: string) =>
		String(accounts.find((account) => account.number === number)!.upstreamId);
	plumbing = idOf('6110');
	repairsHeader = idOf('6100');
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

const fieldsLine = (overrides: IDataObject = {}) => ({
	glAccountId: fromList(plumbing),
	propertyId: byId(propertyId),
	amount: '125.5',
	description: 'Kitchen sink',
	...overrides,
});

const createBill = (overrides: IDataObject = {}) => ({
	resource: 'bill',
	operation: 'create',
	vendorId: fromList(vendorId),
	billDate: '2026-11-02T00:00:00',
	dueDate: '12/1/2026',
	lineItemsUi: { lineItem: [fieldsLine()] },
	...overrides,
});

describe('bill reads', () => {
	it('Get Many sends every filter in the service format', async () => {
		// a vendor with an unpaid bill, so the filtered read has something to return
		// (from the upstream records: a served detail may have vendorId null, hostile profile)
		const [unpaid] = await env.rows('/v1/bills?status=Unpaid');
		const billVendorId = String((await env.sandbox.control.records<{ vendorId: string }>('bills', String(unpaid.upstreamId)))[0].vendorId);
		const query = { billDateFrom: '01/01/2020', status: 'Unpaid', approvalStatus: 'All', vendorId: billVendorId };
		const rows = await env.rows(`/v1/bills?${new URLSearchParams(query)}`);
		await env.clear();
		const { items, error } = await env.run({
			resource: 'bill',
			operation: 'getAll',
			returnAll: true,
			filters: {
				billDateFrom: '2020-01-01T00:00:00',
				status: 'Unpaid',
				approvalStatus: 'All',
				vendorId: fromList(billVendorId),
			},
		});
		expect(error).toBeUndefined();
		const log = await env.apiLog();
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: '/v1/bills',
			query,
			status: 200,
			hasApiKey: true,
		});
		expect(rows.length).toBeGreaterThan(0);
		expect(items.map((item) => item.json.upstreamId)).toEqual(rows.map((row) => row.upstreamId));
	});

	it('Get reads GET /v1/bills/{id}', async () => {
		const [bill] = await env.rows('/v1/bills');
		const [served] = await env.rows(`/v1/bills/${String(bill.upstreamId)}`);
		await env.clear();
		const { items, error } = await env.run({
			resource: 'bill',
			operation: 'get',
			billId: fromList(String(bill.upstreamId)),
		});
		expect(error).toBeUndefined();
		expect(await env.apiLog()).toMatchObject([
			{ method: 'GET', path: `/v1/bills/${String(bill.upstreamId)}`, status: 200 },
		]);
		expect(items).toHaveLength(1);
		// the detail as served: line items (null when the service leaves them off, hostile profile)
		expect(items[0].json).toMatchObject({ upstreamId: bill.upstreamId, lineItems: served.lineItems });
		expect(served.lineItems === null || Array.isArray(served.lineItems)).toBe(true);
	});
});

describe('bill create', () => {
	it('sends line items typed in the node and returns the bill detail', async () => {
		const { items, error } = await env.run(
			createBill({ additionalFields: { reference: 'INV-881', memoForCheck: 'Nov' } }),
		);
		expect(error).toBeUndefined();
		expect(env.received).toEqual([
			{
				path: '/v1/bills',
				body: {
					vendorId,
					billDate: '11/02/2026',
					dueDate: '12/01/2026',
					reference: 'INV-881',
					memoForCheck: 'Nov',
					lineItems: [
						{
							glAccountId: plumbing,
							propertyId,
							amount: '125.5',
							description: 'Kitchen sink',
						},
					],
				},
			},
		]);
		expect(await env.sentLog()).toMatchObject([
			{ method: 'POST', path: '/v1/bills', status: 200, hasApiKey: true },
		]);
		expect(items[0].json).toMatchObject({
			vendorId,
			reference: 'INV-881',
			amount: '125.50',
			billDate: '11/02/2026',
			attachments: [],
		});
	});

	it('takes line items as JSON mapped from the input item, ids as numbers', async () => {
		const lines = [
			{
				glAccountId: Number(plumbing),
				propertyId: Number(propertyId),
				amount: 40,
				serviceFrom: '2026-10-01',
			},
			{ glAccountId: plumbing, propertyId, amount: '9.99' },
		];
		const { items, error } = await env.run(
			createBill({ lineItemsInput: 'json', lineItemsJson: '={{ $json.lines }}', lineItemsUi: {} }),
			{ items: [{ json: { lines } }] },
		);
		expect(error).toBeUndefined();
		expect(env.received[0].body.lineItems).toEqual([
			{ glAccountId: plumbing, propertyId, amount: '40', serviceFrom: '10/01/2026' },
			{ glAccountId: plumbing, propertyId, amount: '9.99' },
		]);
		expect(items[0].json.amount).toEqual(answered('49.99'));
	});

	it('sends an amount computed in an expression as the decimal meant, without floating point artefacts', async () => {
		const { error } = await env.run(
			createBill({ lineItemsUi: { lineItem: [fieldsLine({ amount: '={{ 0.1 + 0.2 }}' }), fieldsLine({ amount: '={{ $json.price * 3 }}' })] } }),
			{ items: [{ json: { price: 1.1 } }] },
		);
		expect(error).toBeUndefined();
		expect((env.received[0].body.lineItems as IDataObject[]).map((line) => line.amount)).toEqual(['0.3', '3.3']);
	});

	it("takes a JavaScript Date's day in the workflow's time zone, not UTC's", async () => {
		// 9:30 pm on November 2 in New York (n8n's default time zone) is already November 3 in UTC
		const evening = new Date('2026-11-03T02:30:00.000Z');
		const { error } = await env.run(createBill({ billDate: '={{ $json.billedAt }}', dueDate: '={{ $json.billedAt }}' }), {
			items: [{ json: { billedAt: evening as unknown as IDataObject } }],
		});
		expect(error).toBeUndefined();
		expect(env.received[0].body).toMatchObject({ billDate: '11/02/2026', dueDate: '11/02/2026' });
	});

	it('with Allow Due Date Before Bill Date, a bill due before its date is sent and created', async () => {
		const { items, error } = await env.run(
			createBill({ dueDate: '2026-11-01', additionalFields: { allowDueBeforeBillDate: true, reference: 'EARLY-1' } }),
		);
		expect(error).toBeUndefined();
		expect(env.received).toHaveLength(1);
		expect(env.received[0].body).toMatchObject({ billDate: '11/02/2026', dueDate: '11/01/2026', reference: 'EARLY-1' });
		expect(env.received[0].body).not.toHaveProperty('allowDueBeforeBillDate');
		expect(items[0].json).toMatchObject({ billDate: '11/02/2026', dueDate: '11/01/2026', reference: 'EARLY-1' });
	});

	it('sends the invoice PDF of a binary property inline as base64', async () => {
		const pdf = Buffer.concat([
			Buffer.from('%PDF-1.4\n'),
			Buffer.alloc(3000, 7),
			Buffer.from('\n%%EOF'),
		]);
		const { items, error } = await env.run(
			createBill({ invoiceSource: 'binary', binaryPropertyName: 'invoice' }),
			{
				items: [
					{
						json: {},
						binary: {
							invoice: {
								data: pdf.toString('base64'),
								mimeType: 'application/pdf',
								fileName: 'inv-7.pdf',
							},
						},
					},
				],
			},
		);
		expect(error).toBeUndefined();
		const invoice = env.received[0].body.invoice as IDataObject;
		expect(invoice).toEqual({ fileName: 'inv-7.pdf', content: pdf.toString('base64') });
		expect(Buffer.from(String(invoice.content), 'base64').equals(pdf)).toBe(true);
		expect(items[0].json.attachments).toEqual(
			answered([{ upstreamId: answered(expect.any(String)), fileName: answered('inv-7.pdf') }]),
		);
	});

	it('sends an invoice URL instead of content', async () => {
		const { error } = await env.run(
			createBill({ invoiceSource: 'url', invoiceUrl: 'https://files.example.com/a/inv%20900.pdf' }),
		);
		expect(error).toBeUndefined();
		expect(env.received[0].body.invoice).toEqual({
			fileName: 'inv 900.pdf',
			url: 'https://files.example.com/a/inv%20900.pdf',
		});
	});

	it('refuses an inline PDF over the body limit and points to the URL option', async () => {
		const pdf = Buffer.alloc(Math.ceil((REQUEST_BODY_LIMIT_BYTES * 3) / 4), 1);
		const { error } = await env.run(createBill({ invoiceSource: 'binary' }), {
			items: [
				{
					json: {},
					binary: {
						data: {
							data: pdf.toString('base64'),
							mimeType: 'application/pdf',
							fileName: 'scan.pdf',
						},
					},
				},
			],
		});
		expect(error?.message).toMatch(
			/^Invoice PDF 'scan\.pdf' is 15\.0 MB, too large to send inline.*\[item 0\]$/,
		);
		expect(error?.message).toContain('From URL');
		expect(await env.apiLog()).toEqual([]);
	});

	it.each([
		['no line items', { lineItemsUi: {} }, 'Line Items needs at least one line item: add one [item 0]'],
		[
			'a line item without a GL account',
			{ lineItemsInput: 'json', lineItemsJson: `[{"propertyId": "1", "amount": "5"}]` },
			'Line Item 1 › GL Account (glAccountId) is required: enter a value [item 0]',
		],
		[
			'an amount that is not a number',
			// a function: the fixture ids exist only once beforeAll ran
			() => ({ lineItemsUi: { lineItem: [fieldsLine({ amount: '12,50' })] } }),
			"Line Item 1 › Amount (amount) must be a decimal amount, e.g. 125.50, got '12,50' [item 0]",
		],
		[
			'an amount with more than two decimals',
			() => ({ lineItemsUi: { lineItem: [fieldsLine({ amount: '={{ 12.345 }}' })] } }),
			'Line Item 1 › Amount (amount) has more than two decimals: round it to cents, e.g. with {{ $json.amount.toFixed(2) }}, got 12.345 [item 0]',
		],
		[
			'an impossible bill date',
			{ billDate: '2026-13-01' },
			"Bill Date must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '2026-13-01' [item 0]",
		],
		[
			'a due date before the bill date',
			{ dueDate: '2026-11-01' },
			"Due Date is before the Bill Date (11/02/2026), got '11/01/2026': correct it, or turn on Additional Fields › Allow Due Date Before Bill Date [item 0]",
		],
		// n8n itself stops a workflow whose required field is empty; an expression can still yield ''
		[
			'a missing vendor',
			{ vendorId: fromList('={{ $json.vendor ?? "" }}') },
			'Vendor is required: enter a value [item 0]',
		],
		[
			'an invoice binary property the item lacks',
			{ invoiceSource: 'binary', binaryPropertyName: 'pdf' },
			"Input Binary Field 'pdf' is not a binary field of the input item (it has no binary data) [item 0]",
		],
	])('refuses %s before sending anything', async (_case, overrides, message) => {
		const { error } = await env.run(
			createBill(typeof overrides === 'function' ? overrides() : overrides),
		);
		expect(error?.message).toBe(message);
		expect(await env.apiLog()).toEqual([]);
		expect(env.received).toEqual([]);
	});

	it('under continue-on-fail, a bad item becomes its own error item and the others are created', async () => {
		const { items } = await env.run(createBill({ billDate: '={{ $json.billDate }}' }), {
			items: [{ json: { billDate: '11/02/2026' } }, { json: { billDate: '02/30/2026' } }],
			continueOnFail: true,
		});
		expect(env.received).toHaveLength(1);
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({ json: { vendorId: answered(vendorId) }, pairedItem: { item: 0 } });
		expect(items[1]).toMatchObject({ pairedItem: { item: 1 } });
		expect(JSON.stringify(items[1].json)).toContain(
			"Bill Date must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '02/30/2026' [item 1]",
		);
	});

	it("surfaces the service's 400 naming the field", async () => {
		const { error } = await env.run(
			createBill({ lineItemsUi: { lineItem: [fieldsLine({ glAccountId: byId(repairsHeader) })] } }),
		);
		expect(error?.message).toContain('lineItems[0].glAccountId');
		// documented profile: the POST is accepted (200) and the refusal comes in the job's errors[]
		const status = testProfile() === 'documented' ? 200 : 400;
		expect(await env.sentLog()).toMatchObject([{ method: 'POST', path: '/v1/bills', status }]);
	});
});
