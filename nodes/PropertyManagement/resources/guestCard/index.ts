import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	queryOptionsField,
	scopeFilters,
} from '../../shared/descriptions';

const showGetMany = { resource: ['guestCard'], operation: ['getAll'] };

/** Also the trigger's guest-card filters, so both offer the service's values alike. */
export const guestCardLeadFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Lead Status',
		name: 'leadStatus',
		default: 'all',
		description: 'Only guest cards in this status',
		options: [
			{ name: 'Active', value: 'active' },
			{ name: 'All', value: 'all' },
			{ name: 'Application Completed', value: 'application_completed' },
			{ name: 'Cold', value: 'cold' },
			{ name: 'Inactive', value: 'inactive' },
			{ name: 'Prequalified', value: 'prequalified' },
			{ name: 'Waitlisted', value: 'waitlisted' },
		],
	}),
	queryOptionsField({
		displayName: 'Lead Type',
		name: 'leadType',
		default: 'all',
		description: 'Only leads of this type',
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Free', value: 'Free' },
			{ name: 'Hang Up', value: 'Hang Up' },
			{ name: 'Premium', value: 'Premium' },
			{ name: 'Refunded', value: 'Refunded' },
		],
	}),
];

export const guestCardDescription: INodeProperties[] = [
	operationSelector('guestCard', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many guest cards',
			description: 'List leads (guest cards) with their preferences, source and status',
			method: 'GET',
			url: '/v1/guest-cards',
		},
	]),
	...dateRangeFields(showGetMany, { defaultRange: 'this_month_to_date', appliesTo: 'the received date' }),
	...listOperationFields(showGetMany, [
		...scopeFilters(),
		...guestCardLeadFilters,
	]),
];

export const guestCardResource: ResourceDefinition = {
	name: 'Guest Card',
	value: 'guestCard',
	properties: guestCardDescription,
};
