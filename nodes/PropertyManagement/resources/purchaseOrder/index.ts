import type { INodeProperties } from 'n8n-workflow';

const showOnlyPurchaseOrder = { resource: ['purchaseOrder'] };

export const purchaseOrderDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyPurchaseOrder },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a purchase order',
				description: 'Create a purchase order',
				routing: {
					request: { method: 'POST', url: '/v1/purchase-orders' },
					send: { paginate: true },
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a purchase order',
				description: 'Get a purchase order with its line items',
				routing: {
					request: {
						method: 'GET',
						url: '=/v1/purchase-orders/{{encodeURIComponent($parameter.purchaseOrderId)}}',
					},
					send: { paginate: true },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many purchase orders',
				description: 'List purchase orders',
				routing: {
					request: { method: 'GET', url: '/v1/purchase-orders' },
					send: { paginate: true },
				},
			},
		],
		default: 'getAll',
	},
];
