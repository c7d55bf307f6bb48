import type { INodeProperties } from 'n8n-workflow';

import {
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	resourceLocator,
	serviceDateField,
} from '../../../shared/descriptions';
import { approvalStatusFilter } from '../../../shared/fields';
import { defineResource, getMany, getOne } from '../../../shared/resourceDefinition';
import { createBillPreSend } from './body';
import { billCreateFields } from './create';
import { BILL_DETAIL, BILL_LISTED } from './simplified';

/** Also the trigger's bill filters, so both offer the service's values alike. */
export const billRecordFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Status',
		name: 'status',
		default: 'All',
		description: 'Paid includes used vendor credits, Unpaid unused ones',
		options: optionsNamedAsSent(['All', 'Paid', 'Unpaid']),
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

export const billResource = defineResource('Bill', 'bill', [
	getMany('bills', {
		description: 'List bills (without line items) with payee, dates, amount and payment status: what is owed to vendors and when',
		url: '/v1/bills',
		fields: (show) =>
			listOperationFields(show, [
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
			], { simplify: BILL_LISTED }),
	}),
	getOne('Get bill', {
		description: 'Get one bill with its line items, approval state and attachments',
		path: '/v1/bills',
		locator: { displayName: 'Bill', name: 'billId', searchListMethod: 'searchBills', description: 'The bill to get' },
		simplify: BILL_DETAIL,
	}),
	{
		name: 'Create',
		value: 'create',
		action: 'Create bill',
		description:
			'Create a bill for a vendor, optionally against a purchase order and with its invoice PDF',
		method: 'POST',
		url: '/v1/bills',
		preSend: [createBillPreSend],
		// create.ts builds them with this operation's display condition
		fields: () => billCreateFields,
	},
]);
