import type { INodeProperties } from 'n8n-workflow';

import {
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	resourceLocator,
	serviceDateField,
} from '../../../shared/descriptions';
import { approvalStatusFilter } from '../../../shared/descriptions/fields';
import { defineResource, getMany, getOne } from '../../../shared/descriptions/resourceDefinition';
import { createPurchaseOrderPreSend } from './body';
import { purchaseOrderCreateFields } from './create';
import { PURCHASE_ORDER_DETAIL } from './simplified';

/** List filters: the service names only their subjects, these are the parameters it takes. */
const purchaseOrderFilters: INodeProperties[] = [
	serviceDateField({
		displayName: 'Created From',
		name: 'createdOnFrom',
		description: 'Only orders created on or after this day (sent as MM/DD/YYYY)',
	}),
	serviceDateField({
		displayName: 'Created To',
		name: 'createdOnTo',
		description: 'Only orders created on or before this day (sent as MM/DD/YYYY)',
	}),
	approvalStatusFilter('orders'),
	queryOptionsField({
		displayName: 'Order Status',
		name: 'orderStatus',
		default: 'All',
		description: 'Only submitted (open) or completed orders',
		options: optionsNamedAsSent(['All', 'Completed', 'Submitted']),
	}),
	resourceLocator({
		displayName: 'Property',
		name: 'propertyId',
		searchListMethod: 'searchProperties',
		description: 'Only orders with a line item for this property',
	}),
	resourceLocator({
		displayName: 'Vendor',
		name: 'vendorId',
		searchListMethod: 'searchVendors',
		description: 'Only orders issued to this vendor',
	}),
	resourceLocator({
		displayName: 'GL Account',
		name: 'glAccountId',
		searchListMethod: 'searchGlAccounts',
		description: 'Only orders with a line item coded to this GL account',
	}),
	{
		displayName: 'Include Canceled',
		name: 'includeCanceled',
		type: 'boolean',
		default: false,
		description: 'Whether to include canceled orders (omitted by default)',
		routing: {
			send: { type: 'query', property: 'includeCanceled', value: '={{ String($value) }}' },
		},
	},
];

export const purchaseOrderResource = defineResource('Purchase Order', 'purchaseOrder', [
	getMany('purchase orders', {
		description: 'List purchase orders with vendor, property, approval state and amount',
		url: '/v1/purchase-orders',
		fields: (show) => listOperationFields(show, purchaseOrderFilters),
	}),
	getOne('Get purchase order', {
		description: 'Get one purchase order with its line items, flags and the bills entered against it',
		path: '/v1/purchase-orders',
		locator: {
			displayName: 'Purchase Order',
			name: 'purchaseOrderId',
			searchListMethod: 'searchPurchaseOrders',
			description: 'The purchase order to get',
		},
		simplify: PURCHASE_ORDER_DETAIL,
	}),
	{
		name: 'Create',
		value: 'create',
		action: 'Create purchase order',
		description: 'Create a purchase order for a vendor (the number is assigned when omitted)',
		method: 'POST',
		url: '/v1/purchase-orders',
		preSend: [createPurchaseOrderPreSend],
		// create.ts builds them with this operation's display condition
		fields: () => purchaseOrderCreateFields,
	},
]);
