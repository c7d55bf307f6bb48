import { dateRangeFields, listOperationFields, queryOptionsField, scopeFilters } from '../../shared/descriptions';
import { defineResource, getMany } from '../../shared/resourceDefinition';

export const workOrderResource = defineResource('Work Order', 'workOrder', [
	getMany('work orders', {
		description: 'List maintenance work orders with their status, priority, unit and vendor: open repairs and who does them',
		url: '/v1/work-orders',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month_to_date', appliesTo: 'the creation date' }),
			...listOperationFields(show, [
				...scopeFilters(),
				queryOptionsField({
					displayName: 'Status',
					name: 'status',
					default: 'all',
					description: 'Only work orders in this status',
					options: [
						{ name: 'All', value: 'all' },
						{ name: 'Assigned', value: 'Assigned' },
						{ name: 'Canceled', value: 'Canceled' },
						{ name: 'Completed', value: 'Completed' },
						{ name: 'Completed No Need To Bill', value: 'Completed No Need To Bill' },
						{ name: 'Estimate Requested', value: 'Estimate Requested' },
						{ name: 'Estimated', value: 'Estimated' },
						{ name: 'New', value: 'New' },
						{ name: 'Ready to Bill', value: 'Ready to Bill' },
						{ name: 'Scheduled', value: 'Scheduled' },
						{ name: 'Waiting', value: 'Waiting' },
						{ name: 'Work Done', value: 'Work Done' },
					],
				}),
			]),
		],
	}),
]);
