import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	queryOptionsField,
	scopeFilters,
} from '../../shared/descriptions';

const showGetMany = { resource: ['rentalApplication'], operation: ['getAll'] };

export const rentalApplicationDescription: INodeProperties[] = [
	operationSelector('rentalApplication', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many rental applications',
			description: 'List rental applications with applicants, unit, status and addresses',
			method: 'GET',
			url: '/v1/rental-applications',
		},
	]),
	...dateRangeFields(showGetMany, { defaultRange: 'this_month_to_date', appliesTo: 'the received-on date' }),
	...listOperationFields(showGetMany, [
		...scopeFilters(),
		queryOptionsField({
			displayName: 'Application Status',
			name: 'applicationStatus',
			default: 'all',
			description: 'Only applications in this status',
			options: [
				{ name: 'All', value: 'all' },
				{ name: 'Approved', value: 'Approved' },
				{ name: 'Canceled', value: 'Canceled' },
				{ name: 'Converted', value: 'Converted' },
				{ name: 'Converting', value: 'Converting' },
				{ name: 'Decision Pending', value: 'Decision Pending' },
				{ name: 'Denied', value: 'Denied' },
				{ name: 'New', value: 'New' },
			],
		}),
	]),
];

export const rentalApplicationResource: ResourceDefinition = {
	name: 'Rental Application',
	value: 'rentalApplication',
	properties: rentalApplicationDescription,
};
