import type { INodeProperties } from 'n8n-workflow';

const showOnlyTenantLedger = { resource: ['tenantLedger'] };

export const tenantLedgerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyTenantLedger },
		options: [
			{
				name: 'Create Charge',
				value: 'createCharge',
				action: 'Create a tenant charge',
				description: 'Post a charge to a tenant ledger',
				routing: {
					request: { method: 'POST', url: '/v1/tenant-charge' },
					send: { paginate: true },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many tenant ledger entries',
				description: 'List the ledger of an occupancy',
				routing: {
					request: { method: 'GET', url: '/v1/tenant-ledger' },
					send: { paginate: true },
				},
			},
		],
		default: 'getAll',
	},
];
