import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	scopeFilters,
} from '../../shared/descriptions';

const showGetTracking = { resource: ['leadSource'], operation: ['getTracking'] };

export const leadSourceDescription: INodeProperties[] = [
	operationSelector('leadSource', [
		{
			name: 'Get Tracking',
			value: 'getTracking',
			action: 'Get lead source tracking',
			description:
				'Count inquiries, showings, applications and converted tenants per lead source',
			method: 'GET',
			url: '/v1/lead-source-tracking',
		},
	]),
	...dateRangeFields(showGetTracking, { defaultRange: 'this_month_to_date' }),
	...listOperationFields(showGetTracking, scopeFilters()),
];

export const leadSourceResource: ResourceDefinition = {
	name: 'Lead Source',
	value: 'leadSource',
	properties: leadSourceDescription,
};
