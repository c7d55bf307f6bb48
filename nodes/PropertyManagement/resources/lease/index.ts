import {
	ALL_OPTION,
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	resourceLocator,
	scopeFilters,
	VISIBILITY_OPTIONS,
} from '../../../shared/descriptions';
import { monthRangeFields } from '../../../shared/descriptions/monthRanges';
import { defineResource } from '../../../shared/descriptions/resourceDefinition';

export const leaseResource = defineResource('Lease', 'lease', [
	{
		name: 'Get Documents',
		value: 'getDocuments',
		action: 'Get lease documents',
		description: 'List the lease documents of an occupancy, optionally downloading their files',
		method: 'GET',
		url: '/v1/lease-documents',
		fields: (show) => [
			resourceLocator({
				displayName: 'Occupancy',
				name: 'occupancyId',
				searchListMethod: 'searchOccupancies',
				description: 'Occupancy (lease of a tenant in a unit) whose documents to list',
				show,
				required: true,
			}),
			...listOperationFields(show, [], { download: true }),
		],
	},
	{
		name: 'Get History',
		value: 'getHistory',
		action: 'Get lease history',
		description: 'List leases with their terms, rent, signing dates and status',
		method: 'GET',
		url: '/v1/lease-history',
		fields: (show) => [
			...monthRangeFields(show, 'the lease start (or countersigning, see Filter Leases By)'),
			...listOperationFields(show, [
				...scopeFilters(),
				queryOptionsField({
					displayName: 'Lease Status',
					name: 'leaseStatus',
					default: 'all',
					description: 'Only leases in this status',
					options: [
						ALL_OPTION,
						...optionsNamedAsSent([
							'Completed', 'Did Not Renew', 'Month To Month', 'Pending', 'Status Cannot Be Determined',
						]),
					],
				}),
				queryOptionsField({
					displayName: 'Filter Leases By',
					name: 'filterLeaseBy',
					default: 'Lease Start Date',
					description: 'Which date of a lease the date range applies to',
					options: optionsNamedAsSent(['Lease Countersigned Date', 'Lease Start Date']),
				}),
				queryOptionsField({
					displayName: 'Tenant Visibility',
					name: 'tenantVisibility',
					default: 'all',
					description: 'Only leases of active or of hidden tenants',
					options: VISIBILITY_OPTIONS,
				}),
				queryOptionsField({
					displayName: 'Unit Visibility',
					name: 'unitVisibility',
					default: 'all',
					description: 'Only leases of active or of hidden units',
					options: VISIBILITY_OPTIONS,
				}),
			], {
				simplify: ['tenant', 'property', 'unit', 'occupancy', 'status', 'leaseStart',
					'leaseEnd', 'rent', 'signedOnDate', 'renewal'],
			}),
		],
	},
]);
