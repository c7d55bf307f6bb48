import { listOperationFields, queryOptionsField, VISIBILITY_OPTIONS } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const ownerResource = defineResource('Owner', 'owner', [
	getMany('owners', {
		description: 'List property owners with their contact and payment details',
		url: '/v1/owners',
		fields: (show) =>
			listOperationFields(show, [
				queryOptionsField({
					displayName: 'Owner Visibility',
					name: 'ownerVisibility',
					default: 'active',
					description: 'Which owners to list: active, hidden or all',
					options: VISIBILITY_OPTIONS,
				}),
				queryOptionsField({
					displayName: 'Property Visibility',
					name: 'propertyVisibility',
					default: 'active',
					description: 'Which of the owners’ properties to consider: active, hidden or all',
					options: VISIBILITY_OPTIONS,
				}),
			], {
				simplify: ['upstreamId', 'name', 'emailAddress', 'phoneNumbers', 'fullAddress',
					'propertyIds', 'paymentType', 'lastPaymentDate', 'holdPayments'],
			}),
	}),
]);
