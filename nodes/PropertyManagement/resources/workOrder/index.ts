import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	queryOptionsField,
	scopeFilters,
} from '../../shared/descriptions';

const showGetMany = { resource: ['workOrder'], operation: ['getAll'] };

export const workOrderDescription: INodeProperties[] = [
	operationSelector('workOrder', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many work orders',
			description: 'List maintenance work orders with their status, priority, unit and vendor: open repairs and who does them',
			method: 'GET',
			url: '/v1/work-orders',
		},
	]),
	...dateRangeFields(showGetMany, { defaultRange: 'this_month_to_date', appliesTo: 'the creation date' }),
	...listOperationFields(showGetMany, [
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
];

export const workOrderResource: ResourceDefinition = {
	name: 'Work Order',
	value: 'workOrder',
	properties: workOrderDescription,
};
