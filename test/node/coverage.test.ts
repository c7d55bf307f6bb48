/**
 * The contract table of the node: every resource:operation a saved workflow may name, with the
 * request it makes. Fails when a row has no operation with that method and URL, or when the node
 * offers an operation outside the table.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';

const CONTRACT: Record<string, string> = {
	'property:getAll': 'GET /v1/properties',
	'unit:getAll': 'GET /v1/units',
	'unit:getVacancies': 'GET /v1/unit-vacancies',
	'unit:getPhotos': 'GET /v1/unit-photos',
	'owner:getAll': 'GET /v1/owners',
	'tenant:getAll': 'GET /v1/tenants',
	'tenantEvent:getAll': 'GET /v1/tenant-events',
	'lease:getHistory': 'GET /v1/lease-history',
	'lease:getDocuments': 'GET /v1/lease-documents',
	'letter:getAll': 'GET /v1/letters',
	'guestCard:getAll': 'GET /v1/guest-cards',
	'rentalApplication:getAll': 'GET /v1/rental-applications',
	'leadSource:getTracking': 'GET /v1/lead-source-tracking',
	'bankAccount:getAll': 'GET /v1/bank-accounts',
	'bankAccount:getActivity': 'GET /v1/bank-account-activity',
	'glAccount:getAll': 'GET /v1/gl-accounts',
	'report:getCashFlow': 'GET /v1/cash-flow',
	'report:getBalanceSheet': 'GET /v1/balance-sheet',
	'report:getIncomeStatement': 'GET /v1/income-statement',
	'report:getAnnualBudgetComparative': 'GET /v1/annual-budget-comparative',
	'report:getRentRoll': 'GET /v1/rent-roll',
	'report:getRentRollRecurring': 'GET /v1/rent-roll-recurring',
	'report:getRentRollItemized': 'GET /v1/rent-roll-itemized',
	'workOrder:getAll': 'GET /v1/work-orders',
	'attachment:getAll': 'GET /v1/attachments',
	'attachment:getFile': 'GET /v1/file',
	'email:getAll': 'GET /v1/emails',
	'email:get': 'GET /v1/email',
	'textMessage:getAll': 'GET /v1/sms',
	'user:getAll': 'GET /v1/users',
	'user:getMe': 'GET /v1/me',
	'user:getRoles': 'GET /v1/user-roles',
	'vendor:getAll': 'GET /v1/vendors',
	'vendor:create': 'POST /v1/vendors',
	'propertyGroup:getAll': 'GET /v1/property-groups',
	'propertyGroup:create': 'POST /v1/property-groups',
	'tenantLedger:getAll': 'GET /v1/tenant-ledger',
	'tenantLedger:createCharge': 'POST /v1/tenant-charge',
	'bill:getAll': 'GET /v1/bills',
	'bill:get': 'GET /v1/bills/{upstreamId}',
	'bill:create': 'POST /v1/bills',
	'purchaseOrder:getAll': 'GET /v1/purchase-orders',
	'purchaseOrder:get': 'GET /v1/purchase-orders/{upstreamId}',
	'purchaseOrder:create': 'POST /v1/purchase-orders',
};

/** Path parameters are expressions in the node ({{ ... }}) and {name} in the table. */
function normalizedRoute(method: string, url: string): string {
	const path = url.replace(/^=/, '').replace(/\{\{[^}]*\}\}/g, '{}').replace(/\{[A-Za-z]+\}/g, '{}');
	return `${method.toUpperCase()} ${path}`;
}

interface OfferedOperation {
	key: string;
	route: string;
	option: INodePropertyOptions;
}

function offeredOperations(): OfferedOperation[] {
	const { properties } = new PropertyManagement().description;
	return properties
		.filter((property: INodeProperties) => property.name === 'operation')
		.flatMap((selector) => {
			const resources = (selector.displayOptions?.show?.resource ?? []) as string[];
			return resources.flatMap((resource) =>
				(selector.options as INodePropertyOptions[]).map((option) => ({
					key: `${resource}:${String(option.value)}`,
					route: normalizedRoute(
						String(option.routing?.request?.method ?? ''),
						String(option.routing?.request?.url ?? ''),
					),
					option,
				})),
			);
		});
}

describe('operation coverage of the contract table', () => {
	const offered = offeredOperations();

	it('has 44 rows', () => {
		expect(Object.keys(CONTRACT)).toHaveLength(44);
	});

	it.each(Object.entries(CONTRACT))('%s is an operation requesting %s', (key, route) => {
		const [method, path] = route.split(' ');
		const matches = offered.filter(
			(operation) => operation.key === key && operation.route === normalizedRoute(method, path),
		);
		expect(matches).toHaveLength(1);
	});

	it('offers no operation outside the table', () => {
		expect(offered.map((operation) => operation.key).sort()).toEqual(Object.keys(CONTRACT).sort());
	});

	it('gives every operation an action and sends it through the engine', () => {
		for (const { key, option } of offered) {
			expect({ key, action: typeof option.action }).toEqual({ key, action: 'string' });
			expect({ key, paginate: option.routing?.send?.paginate }).toEqual({ key, paginate: true });
		}
	});

	it('lists every resource of the selector with at least one operation', () => {
		const resourceSelector = new PropertyManagement().description.properties.find(
			(property) => property.name === 'resource',
		);
		const resources = (resourceSelector?.options as INodePropertyOptions[]).map((option) => option.value);
		const withOperations = new Set(offered.map((operation) => operation.key.split(':')[0]));
		expect([...resources].sort()).toEqual([...withOperations].sort());
		const names = (resourceSelector?.options as INodePropertyOptions[]).map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});
});
