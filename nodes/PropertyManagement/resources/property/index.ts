import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import { listOperationFields, operationSelector, scopeFilters } from '../../shared/descriptions';

const showGetMany = { resource: ['property'], operation: ['getAll'] };

export const propertyDescription: INodeProperties[] = [
	operationSelector('property', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many properties',
			description: 'List properties with their address, fees, management and owners',
			method: 'GET',
			url: '/v1/properties',
		},
	]),
	...listOperationFields(showGetMany, scopeFilters()),
];

export const propertyResource: ResourceDefinition = {
	name: 'Property',
	value: 'property',
	properties: propertyDescription,
};
