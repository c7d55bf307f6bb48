import type { INodeProperties } from 'n8n-workflow';

const showOnlyVendor = { resource: ['vendor'] };

export const vendorDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyVendor },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a vendor',
				description: 'Create a vendor',
				routing: {
					request: { method: 'POST', url: '/v1/vendors' },
					send: { paginate: true },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many vendors',
				description: 'List vendors',
				routing: {
					request: { method: 'GET', url: '/v1/vendors' },
					send: { paginate: true },
				},
			},
		],
		default: 'getAll',
	},
];
