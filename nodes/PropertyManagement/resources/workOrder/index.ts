import {
	ALL_OPTION,
	dateRangeFields,
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	scopeFilters,
} from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

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
						ALL_OPTION,
						...optionsNamedAsSent([
							'Assigned', 'Canceled', 'Completed', 'Completed No Need To Bill', 'Estimate Requested', 'Estimated',
							'New', 'Ready to Bill', 'Scheduled', 'Waiting', 'Work Done',
						]),
					],
				}),
			], {
				simplify: ['upstreamId', 'workOrderNumber', 'status', 'priority', 'jobDescription',
					'property', 'unit', 'vendor', 'createdAt', 'completedOn'],
			}),
		],
	}),
]);
