import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	listOperationFields,
	operationSelector,
	queryOptionsField,
	scopeFilters,
	VISIBILITY_OPTIONS,
} from '../../shared/descriptions';

const showGetMany = { resource: ['tenant'], operation: ['getAll'] };

export const tenantDescription: INodeProperties[] = [
	operationSelector('tenant', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many tenants',
			description: 'List tenants with their unit, lease, rent and contact details; find a tenant, their occupancy ID and how to reach them',
			method: 'GET',
			url: '/v1/tenants',
		},
	]),
	...listOperationFields(showGetMany, [
		...scopeFilters(),
		queryOptionsField(
			{
				displayName: 'Status',
				name: 'status',
				default: ['current', 'notice'],
				description: 'Tenant statuses to include (several allowed)',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Current', value: 'current' },
					{ name: 'Evict', value: 'evict' },
					{ name: 'Future', value: 'future' },
					{ name: 'Notice', value: 'notice' },
					{ name: 'Past', value: 'past' },
				],
			},
			'multiOptions',
		),
		queryOptionsField({
			displayName: 'Visibility',
			name: 'visibility',
			default: 'active',
			description: 'Which tenants to list: active, hidden or all',
			options: VISIBILITY_OPTIONS,
		}),
	]),
];

export const tenantResource: ResourceDefinition = {
	name: 'Tenant',
	value: 'tenant',
	properties: tenantDescription,
};
