import type { INodeProperties } from 'n8n-workflow';

import { writeOptions } from '../../../shared/descriptions';
import { simplifyFields } from '../../../shared/descriptions/simplify';
import {
	additionalFields,
	bodyLocator,
	lineItemAccountAndProperty,
	lineItemsParameters,
} from '../../../shared/descriptions/fields';
import { PURCHASE_ORDER_DETAIL } from './simplified';

const showCreate = { resource: ['purchaseOrder'], operation: ['create'] };

const purchaseOrderLineItemFields: INodeProperties[] = [
	...lineItemAccountAndProperty(),
	{
		displayName: 'Item Amount',
		name: 'itemAmount',
		type: 'string',
		default: '',
		placeholder: 'e.g. 89.99',
		description: 'Decimal amount, sent exactly as written',
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1',
		description: 'Left out of the request when empty; the spec does not say what quantity the service then records',
	},
];

export const purchaseOrderCreateFields: INodeProperties[] = [
	bodyLocator({
		displayName: 'Vendor',
		name: 'vendorId',
		searchListMethod: 'searchVendors',
		description: 'Existing vendor the order is issued to',
		show: showCreate,
		required: true,
	}),
	...lineItemsParameters(
		showCreate,
		purchaseOrderLineItemFields,
		'[{"glAccountId": "6110", "propertyId": "101", "itemAmount": "89.99", "quantity": "2"}]',
	),
	additionalFields(showCreate, [
		{
			displayName: 'Instructions',
			name: 'instructions',
			type: 'string',
			default: '',
			description: 'Instructions for the vendor printed on the order, e.g. Deliver to the leasing office',
		},
		{
			displayName: 'Invoice Number',
			name: 'invoiceNumber',
			type: 'string',
			default: '',
			description: "The vendor's invoice number for the order, when you already have it",
		},
		{
			displayName: 'Number',
			name: 'number',
			type: 'string',
			default: '',
			description: 'Order number; assigned by the service when empty',
		},
		{
			displayName: 'Required By',
			name: 'requiredBy',
			type: 'dateTime',
			default: '',
			description: 'Sent as MM/DD/YYYY',
		},
		bodyLocator({
			displayName: 'Ship To Property',
			name: 'shipToPropertyId',
			searchListMethod: 'searchProperties',
			description: 'Property the goods are delivered to',
		}),
		{
			displayName: 'Work Order IDs',
			name: 'workOrderIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3001, 3002',
			description: 'Comma-separated IDs (or an array from an expression) of related work orders',
		},
	]),
	...simplifyFields(showCreate, PURCHASE_ORDER_DETAIL),
	writeOptions(showCreate),
];
