import type { INodeProperties } from 'n8n-workflow';

const showOnlyPropertyGroup = { resource: ['propertyGroup'] };

export const propertyGroupDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyPropertyGroup },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a property group',
				description: 'Create a property group',
				routing: {
					request: { method: 'POST', url: '/v1/property-groups' },
					send: { paginate: true },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many property groups',
				description: 'List property groups',
				routing: {
					request: { method: 'GET', url: '/v1/property-groups' },
					send: { paginate: true },
				},
			},
		],
		default: 'getAll',
	},
];
