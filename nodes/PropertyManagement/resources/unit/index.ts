import {
	dateRangeFields,
	listOperationFields,
	resourceLocator,
	scopeFilters,
} from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const unitResource = defineResource('Unit', 'unit', [
	getMany('units', {
		description: 'List units with their property, rent status, size and market rent',
		url: '/v1/units',
		fields: (show) => listOperationFields(show, scopeFilters(), {
			simplify: ['upstreamId', 'name', 'property', 'bedrooms', 'bathrooms', 'sqFt',
				'marketRent', 'advertisedRent', 'rentStatus', 'rentReady'],
		}),
	}),
	{
		name: 'Get Vacancies',
		value: 'getVacancies',
		action: 'Get unit vacancies',
		description: 'List vacant units with availability, rent and turn dates: what is available to rent',
		method: 'GET',
		url: '/v1/unit-vacancies',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month_to_date', appliesTo: 'the available date' }),
			...listOperationFields(show, scopeFilters(), {
				simplify: ['upstreamId', 'name', 'property', 'bedAndBath', 'availableOn',
					'advertisedRent', 'daysVacant', 'rentReady', 'status', 'postedToInternet'],
			}),
		],
	},
	{
		name: 'Get Photos',
		value: 'getPhotos',
		action: 'Get unit photos',
		description: 'List unit photos with their image URLs in several sizes',
		method: 'GET',
		url: '/v1/unit-photos',
		fields: (show) =>
			listOperationFields(show, [
				resourceLocator({
					displayName: 'Property',
					name: 'propertyId',
					searchListMethod: 'searchProperties',
					description: 'Only photos of units of this property',
				}),
				resourceLocator({
					displayName: 'Unit',
					name: 'unitId',
					searchListMethod: 'searchUnits',
					description: 'Only photos of this unit',
				}),
			]),
	},
]);
