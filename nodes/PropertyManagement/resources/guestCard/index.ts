import type { INodeProperties } from 'n8n-workflow';

import {
	ALL_OPTION,
	dateRangeFields,
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	scopeFilters,
} from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/resourceDefinition';

/** Also the trigger's guest-card filters, so both offer the service's values alike. */
export const guestCardLeadFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Lead Status',
		name: 'leadStatus',
		default: 'all',
		description: 'Only guest cards in this status',
		options: [
			{ name: 'Active', value: 'active' },
			ALL_OPTION,
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
		options: [ALL_OPTION, ...optionsNamedAsSent(['Free', 'Hang Up', 'Premium', 'Refunded'])],
	}),
];

export const guestCardResource = defineResource('Guest Card', 'guestCard', [
	getMany('guest cards', {
		description: 'List leads (guest cards) with their preferences, source and status',
		url: '/v1/guest-cards',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month_to_date', appliesTo: 'the received date' }),
			...listOperationFields(show, [...scopeFilters(), ...guestCardLeadFilters], {
				simplify: ['guestCardId', 'name', 'emailAddress', 'phoneNumber', 'propertyName',
					'unit', 'status', 'source', 'received', 'moveInPreference'],
			}),
		],
	}),
]);
