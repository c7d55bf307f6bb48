import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';

import {
	engineOptions,
	listOperationFields,
	operationSelector,
	queryOptionsField,
	resourceLocator,
	serviceDateField,
} from '../../shared/descriptions';
import { simplifyFields } from '../../shared/simplify';
import { approvalStatusFilter, pathLocator } from '../../shared/fields';
import { createBillPreSend } from './body';
import { billCreateFields } from './create';

const showGetMany = { resource: ['bill'], operation: ['getAll'] };
const showGet = { resource: ['bill'], operation: ['get'] };

/** Also the trigger's bill filters, so both offer the service's values alike. */
export const billRecordFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Status',
		name: 'status',
		default: 'All',
		description: 'Paid includes used vendor credits, Unpaid unused ones',
		options: [
			{ name: 'All', value: 'All' },
			{ name: 'Paid', value: 'Paid' },
			{ name: 'Unpaid', value: 'Unpaid' },
		],
	}),
	approvalStatusFilter('bills'),
	resourceLocator({
		displayName: 'Property',
		name: 'propertyId',
		searchListMethod: 'searchProperties',
		description: 'Only bills with a line item coded to this property',
	}),
	resourceLocator({
		displayName: 'Vendor',
		name: 'vendorId',
		searchListMethod: 'searchVendors',
		description: 'Only bills of this vendor',
	}),
];

export const billDescription: INodeProperties[] = [
	operationSelector('bill', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many bills',
			description: 'List bills (without line items) with payee, dates, amount and payment status: what is owed to vendors and when',
			method: 'GET',
			url: '/v1/bills',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a bill',
			description: 'Get one bill with its line items, approval state and attachments',
			method: 'GET',
			url: '=/v1/bills/{{ encodeURIComponent($parameter.billId) }}',
		},
		{
			name: 'Create',
			value: 'create',
			action: 'Create a bill',
			description:
				'Create a bill for a vendor, optionally against a purchase order and with its invoice PDF',
			method: 'POST',
			url: '/v1/bills',
			preSend: [createBillPreSend],
		},
	]),
	...listOperationFields(showGetMany, [
		serviceDateField({
			displayName: 'Bill Date From',
			name: 'billDateFrom',
			description: 'Only bills dated on or after this day (sent as MM/DD/YYYY)',
		}),
		serviceDateField({
			displayName: 'Bill Date To',
			name: 'billDateTo',
			description: 'Only bills dated on or before this day (sent as MM/DD/YYYY)',
		}),
		...billRecordFilters,
	]),
	pathLocator({
		displayName: 'Bill',
		name: 'billId',
		searchListMethod: 'searchBills',
		description: 'The bill to get',
		show: showGet,
		required: true,
	}),
	...simplifyFields(showGet),
	engineOptions(showGet),
	...billCreateFields,
];

export const billResource: ResourceDefinition = {
	name: 'Bill',
	value: 'bill',
	properties: billDescription,
};
