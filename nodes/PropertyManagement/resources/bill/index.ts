import type { INodeProperties } from 'n8n-workflow';

const showOnlyBill = { resource: ['bill'] };

export const billDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyBill },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a bill',
				description: 'Create a bill',
				routing: {
					request: { method: 'POST', url: '/v1/bills' },
					send: { paginate: true },
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a bill',
				description: 'Get a bill with its line items',
				routing: {
					request: {
						method: 'GET',
						url: '=/v1/bills/{{encodeURIComponent($parameter.billId)}}',
					},
					send: { paginate: true },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many bills',
				description: 'List bills',
				routing: {
					request: { method: 'GET', url: '/v1/bills' },
					send: { paginate: true },
				},
			},
		],
		default: 'getAll',
	},
];
