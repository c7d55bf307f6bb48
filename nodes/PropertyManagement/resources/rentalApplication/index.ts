import {
	ALL_OPTION,
	dateRangeFields,
	listOperationFields,
	optionsNamedAsSent,
	queryOptionsField,
	scopeFilters,
} from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const rentalApplicationResource = defineResource('Rental Application', 'rentalApplication', [
	getMany('rental applications', {
		description: 'List rental applications with applicants, unit, status and addresses',
		url: '/v1/rental-applications',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month_to_date', appliesTo: 'the received-on date' }),
			...listOperationFields(show, [
				...scopeFilters(),
				queryOptionsField({
					displayName: 'Application Status',
					name: 'applicationStatus',
					default: 'all',
					description: 'Only applications in this status',
					options: [
						ALL_OPTION,
						...optionsNamedAsSent(['Approved', 'Canceled', 'Converted', 'Converting', 'Decision Pending', 'Denied', 'New']),
					],
				}),
			], {
				simplify: ['rentalApplicationId', 'applicants', 'email', 'phoneNumber',
					'propertyName', 'unit', 'status', 'desiredMoveIn', 'received', 'leadSource'],
			}),
		],
	}),
]);
