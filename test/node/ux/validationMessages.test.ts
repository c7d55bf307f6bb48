/**
 * Validation errors name the parameter as the node shows it, the item, and how to fix it. One rule
 * per create runs through n8n-core against the sandbox: items 0 and 1 are good and created, item 2
 * breaks the rule, is refused with the message, and nothing of it is sent.
 */
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { BILL_LABELS } from '../../../nodes/PropertyManagement/resources/bill/body';
import { PROPERTY_GROUP_LABELS } from '../../../nodes/PropertyManagement/resources/propertyGroup/body';
import { PURCHASE_ORDER_LABELS } from '../../../nodes/PropertyManagement/resources/purchaseOrder/body';
import { TENANT_CHARGE_LABELS } from '../../../nodes/PropertyManagement/resources/tenantLedger/body';
import { VENDOR_LABELS } from '../../../nodes/PropertyManagement/resources/vendor/body';
import { LINE_ITEM_LABELS, type FieldLabels } from '../../../nodes/shared/create/labels';
import { testProfile } from '../../support/sandbox';
import { byId, fromList, nodeType, startWritesSandbox, type WritesSandbox } from '../writes/harness';

let env: WritesSandbox;
let vendorId: string;
let propertyId: string;
let plumbing: string;
let lateFees: string;
let occupancyId: string;

beforeAll(async () => {
	env = await startWritesSandbox();
	vendorId = String((await env.rows('/v1/vendors'))[0].upstreamId);
	propertyId = String((await env.rows('/v1/properties'))[0].upstreamId);
	// upstream records: the hostile profile may list an account with its number null
	const accounts = await env.sandbox.control.records<{ number: string; upstreamId: string }>('glAccounts');
	const idOf = (number: string) => String(accounts.find((account) => account.number === number)!.upstreamId);
	plumbing = idOf('6110');
	lateFees = idOf('4200');
	const tenants = await env.rows('/v1/tenants');
	occupancyId = String(tenants.find((tenant) => tenant.occupancyUpstreamId)!.occupancyUpstreamId);
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

/** The sandbox clock's day as MM/DD/YYYY: charges dated this month need no warning override. */
async function sandboxToday(): Promise<string> {
	const { clock } = await env.sandbox.control.config();
	return `${clock.slice(5, 7)}/${clock.slice(8, 10)}/${clock.slice(0, 4)}`;
}

const line = () => ({ glAccountId: byId(plumbing), propertyId: fromList(propertyId) });

interface Case {
	create: string;
	path: string;
	parameters: () => Promise<INodeParameters>;
	/** the value of `$json.value` per item; the third one breaks the rule */
	values: unknown[];
	message: string;
}

const CASES: Case[] = [
	{
		create: 'vendor',
		path: '/v1/vendors',
		parameters: async () => ({ resource: 'vendor', operation: 'create', companyName: '={{ $json.value }}', firstName: 'Jo' }),
		values: ['Acme Plumbing', 'Bright Electric', ''],
		message: 'Last Name is required with First Name when Company Name is empty: enter both, or a Company Name [item 2]',
	},
	{
		create: 'property group',
		path: '/v1/property-groups',
		parameters: async () => ({ resource: 'propertyGroup', operation: 'create', name: '={{ $json.value }}' }),
		values: ['East Portfolio', 'West Portfolio', '   '],
		message: 'Name is required: enter a value [item 2]',
	},
	{
		create: 'tenant charge',
		path: '/v1/tenant-charge',
		parameters: async () => {
			const today = await sandboxToday();
			return {
				resource: 'tenantLedger',
				operation: 'createCharge',
				occupancyId: byId(occupancyId),
				amount: '={{ $json.value }}',
				chargeDate: today,
				postingDate: today,
				glAccountId: byId(lateFees),
			};
		},
		values: ['35.50', '12', '35,50'],
		message: "Amount must be a decimal amount, e.g. 125.50, got '35,50' [item 2]",
	},
	{
		create: 'bill',
		path: '/v1/bills',
		parameters: async () => ({
			resource: 'bill',
			operation: 'create',
			vendorId: fromList(vendorId),
			billDate: '={{ $json.value }}',
			dueDate: '12/31/2027',
			lineItemsUi: { lineItem: [{ ...line(), amount: '125.50' }] },
		}),
		values: ['01/31/2027', '2027-02-01', '31/01/2027'],
		message: "Bill Date must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '31/01/2027' [item 2]",
	},
	{
		create: 'purchase order',
		path: '/v1/purchase-orders',
		parameters: async () => ({
			resource: 'purchaseOrder',
			operation: 'create',
			vendorId: fromList(vendorId),
			lineItemsUi: { lineItem: [{ ...line(), itemAmount: '={{ $json.value }}' }] },
		}),
		values: ['89.99', '10', ''],
		message: 'Line Item 1 › Item Amount (itemAmount) is required: enter a value [item 2]',
	},
];

test.each(CASES)('$create create: item 2 is refused with "$message", items 0 and 1 are created', async (testCase) => {
	const { error, items } = await env.run(await testCase.parameters(), {
		items: testCase.values.map((value) => ({ json: { value } as IDataObject })),
	});
	expect(error?.message).toBe(testCase.message);
	expect(items).toEqual([]);
	expect(env.received.map((received) => received.path)).toEqual([testCase.path, testCase.path]);
	const posts = (await env.apiLog()).filter((entry) => entry.method === 'POST');
	// created: 200, or 201 in the hostile profile (a create's success status is not shown)
	const createdStatuses = testProfile() === 'hostile' ? [200, 201] : [200];
	expect(posts.map((entry) => createdStatuses.includes(entry.status))).toEqual([true, true]);
});

/** Display names the create's form shows (parameters, collection entries, fixed-collection values). */
function displayNamesOf(resource: string, operation: string): Set<string> {
	const names = new Set<string>();
	const walk = (properties: INodeProperties[]) => {
		for (const property of properties) {
			names.add(property.displayName);
			for (const option of (property.options ?? []) as Array<INodeProperties | INodePropertyCollection>) {
				if ('type' in option) walk([option as INodeProperties]);
				else if ('values' in option) walk(option.values);
			}
		}
	};
	walk(
		nodeType.description.properties.filter((property) => {
			const show = property.displayOptions?.show;
			return show?.resource?.includes(resource) && show.operation?.includes(operation);
		}),
	);
	return names;
}

test.each([
	['vendor', 'create', VENDOR_LABELS],
	['propertyGroup', 'create', PROPERTY_GROUP_LABELS],
	['tenantLedger', 'createCharge', TENANT_CHARGE_LABELS],
	['bill', 'create', { ...BILL_LABELS, ...LINE_ITEM_LABELS, itemAmount: undefined, quantity: undefined }],
	['purchaseOrder', 'create', { ...PURCHASE_ORDER_LABELS, ...LINE_ITEM_LABELS, amount: undefined, serviceFrom: undefined, serviceTo: undefined }],
] as Array<[string, string, FieldLabels]>)('every error label of %s:%s is a parameter the form shows', (resource, operation, labels) => {
	const shown = displayNamesOf(resource, operation);
	const missing = Object.values(labels).filter((label) => label !== undefined && !shown.has(label));
	expect(missing).toEqual([]);
});
