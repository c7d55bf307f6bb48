import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	queryOptionsField,
	scopeFilters,
} from '../../shared/descriptions';

const showGetMany = { resource: ['tenantEvent'], operation: ['getAll'] };

export const tenantEventDescription: INodeProperties[] = [
	operationSelector('tenantEvent', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many tenant events',
			description: 'List move-in, move-out and notice records in a date range: who is moving in or out, and when',
			method: 'GET',
			url: '/v1/tenant-events',
		},
	]),
	...dateRangeFields(showGetMany, { defaultRange: 'this_month', appliesTo: 'the event date' }),
	...listOperationFields(showGetMany, [
		...scopeFilters(),
		queryOptionsField(
			{
				displayName: 'Event Type',
				name: 'eventType',
				default: ['all'],
				description: 'Kinds of events to include (several allowed)',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Move-In', value: 'Move-in' },
					{ name: 'Move-Out', value: 'Move-out' },
					{ name: 'Notice', value: 'Notice' },
				],
			},
			'multiOptions',
		),
	]),
];

export const tenantEventResource: ResourceDefinition = {
	name: 'Tenant Event',
	value: 'tenantEvent',
	properties: tenantEventDescription,
};
