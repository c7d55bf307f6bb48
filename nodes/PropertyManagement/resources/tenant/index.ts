import { ALL_OPTION, listOperationFields, queryOptionsField, scopeFilters, VISIBILITY_OPTIONS } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const tenantResource = defineResource('Tenant', 'tenant', [
	getMany('tenants', {
		description: 'List tenants with their unit, lease, rent and contact details; find a tenant, their occupancy ID and how to reach them',
		url: '/v1/tenants',
		fields: (show) =>
			listOperationFields(show, [
				...scopeFilters(),
				queryOptionsField(
					{
						displayName: 'Status',
						name: 'status',
						default: ['current', 'notice'],
						description: 'Tenant statuses to include (several allowed)',
						options: [
							ALL_OPTION,
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
			], {
				simplify: ['upstreamId', 'name', 'status', 'property', 'unit', 'rent', 'leaseTo',
					'emailAddresses', 'phoneNumbers', 'occupancyUpstreamId'],
			}),
	}),
]);
