import { dateRangeFields, listOperationFields, scopeFilters } from '../../../shared/descriptions';
import { defineResource } from '../../../shared/descriptions/resourceDefinition';

export const leadSourceResource = defineResource('Lead Source', 'leadSource', [
	{
		name: 'Get Tracking',
		value: 'getTracking',
		action: 'Get lead source tracking',
		description: 'Count inquiries, showings, applications and converted tenants per lead source',
		method: 'GET',
		url: '/v1/lead-source-tracking',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month_to_date' }),
			...listOperationFields(show, scopeFilters()),
		],
	},
]);
