import { listOperationFields, scopeFilters } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const propertyResource = defineResource('Property', 'property', [
	getMany('properties', {
		description: 'List properties with their address, fees, management and owners',
		url: '/v1/properties',
		fields: (show) =>
			listOperationFields(show, scopeFilters(), {
				simplify: ['upstreamId', 'name', 'fullAddress', 'type', 'unitCount', 'sqFt',
					'marketRent', 'manager', 'portfolio', 'owners'],
			}),
	}),
]);
