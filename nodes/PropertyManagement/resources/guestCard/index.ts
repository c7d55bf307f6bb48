import { dateRangeFields, listOperationFields, scopeFilters } from '../../../shared/descriptions';
import { guestCardLeadFilters } from '../../../shared/descriptions/recordFilters';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

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
