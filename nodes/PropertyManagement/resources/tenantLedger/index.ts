import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';

import {
	dateRangeFields,
	writeOptions,
	listOperationFields,
	operationSelector,
	resourceLocator,
} from '../../shared/descriptions';
import { additionalFields, bodyLocator } from '../../shared/fields';
import { createTenantChargePreSend } from './body';

const showGetMany = { resource: ['tenantLedger'], operation: ['getAll'] };
const showCreateCharge = { resource: ['tenantLedger'], operation: ['createCharge'] };

const occupancy = {
	displayName: 'Occupancy',
	name: 'occupancyId',
	searchListMethod: 'searchOccupancies',
	required: true,
};

export const tenantLedgerDescription: INodeProperties[] = [
	operationSelector('tenantLedger', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many tenant ledger entries',
			description: 'List the charges, payments and credits of an occupancy with a running balance: what a tenant owes (occupancy ID from Get Many tenants)',
			method: 'GET',
			url: '/v1/tenant-ledger',
		},
		{
			name: 'Create Charge',
			value: 'createCharge',
			action: 'Create a tenant charge',
			description: 'Post a charge to the ledger of an occupancy (the tenant is not notified)',
			method: 'POST',
			url: '/v1/tenant-charge',
			preSend: [createTenantChargePreSend],
		},
	]),
	resourceLocator({
		...occupancy,
		description: 'Occupancy (lease) whose ledger to list',
		show: showGetMany,
	}),
	...dateRangeFields(showGetMany, { defaultRange: 'all_time', appliesTo: 'the transaction date' }),
	...listOperationFields(showGetMany, []),

	bodyLocator({ ...occupancy, description: 'Occupancy (lease) to charge', show: showCreateCharge }),
	{
		displayName: 'Amount',
		name: 'amount',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 75.00',
		displayOptions: { show: showCreateCharge },
		description: 'Dollars as a decimal number; sent exactly as written',
	},
	{
		displayName: 'Charge Date',
		name: 'chargeDate',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: showCreateCharge },
		description: 'Sent as MM/DD/YYYY',
	},
	{
		displayName: 'Posting Date',
		name: 'postingDate',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: showCreateCharge },
		description: 'Accounting date of the charge (sent as MM/DD/YYYY)',
	},
	bodyLocator({
		displayName: 'GL Account',
		name: 'glAccountId',
		searchListMethod: 'searchGlAccounts',
		description: 'GL account of the charge',
		show: showCreateCharge,
		required: true,
	}),
	additionalFields(showCreateCharge, [
		{ displayName: 'Description', name: 'description', type: 'string', default: '' },
		{
			displayName: 'Create Despite Warnings',
			name: 'warningsOk',
			type: 'boolean',
			default: false,
			description:
				'Whether to create the charge even when the service warns (e.g. a previous month); the warnings are returned in "warnings"',
		},
	]),
	writeOptions(showCreateCharge),
];

export const tenantLedgerResource: ResourceDefinition = {
	name: 'Tenant Ledger',
	value: 'tenantLedger',
	properties: tenantLedgerDescription,
};
