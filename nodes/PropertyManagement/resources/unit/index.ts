import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	queryStringField,
	resourceLocator,
	scopeFilters,
} from '../../shared/descriptions';

const showGetMany = { resource: ['unit'], operation: ['getAll'] };
const showGetVacancies = { resource: ['unit'], operation: ['getVacancies'] };
const showGetPhotos = { resource: ['unit'], operation: ['getPhotos'] };

export const unitDescription: INodeProperties[] = [
	operationSelector('unit', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many units',
			description: 'List units with their property, rent status, size and market rent',
			method: 'GET',
			url: '/v1/units',
		},
		{
			name: 'Get Photos',
			value: 'getPhotos',
			action: 'Get unit photos',
			description: 'List unit photos with their image URLs in several sizes',
			method: 'GET',
			url: '/v1/unit-photos',
		},
		{
			name: 'Get Vacancies',
			value: 'getVacancies',
			action: 'Get unit vacancies',
			description: 'List vacant units with availability, rent and turn dates: what is available to rent',
			method: 'GET',
			url: '/v1/unit-vacancies',
		},
	]),
	...listOperationFields(showGetMany, scopeFilters()),
	...dateRangeFields(showGetVacancies, {
		defaultRange: 'this_month_to_date',
		appliesTo: 'the available date',
	}),
	...listOperationFields(showGetVacancies, scopeFilters()),
	...listOperationFields(showGetPhotos, [
		resourceLocator({
			displayName: 'Property',
			name: 'propertyId',
			searchListMethod: 'searchProperties',
			description: 'Only photos of units of this property',
		}),
		queryStringField({
			displayName: 'Unit ID',
			name: 'unitId',
			default: '',
			description: 'Only photos of this unit',
		}),
	]),
];

export const unitResource: ResourceDefinition = {
	name: 'Unit',
	value: 'unit',
	properties: unitDescription,
};
