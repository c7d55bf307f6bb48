import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	listOperationFields,
	operationSelector,
	queryOptionsField,
	VISIBILITY_OPTIONS,
} from '../../shared/descriptions';

const showGetMany = { resource: ['owner'], operation: ['getAll'] };

export const ownerDescription: INodeProperties[] = [
	operationSelector('owner', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many owners',
			description: 'List property owners with their contact and payment details',
			method: 'GET',
			url: '/v1/owners',
		},
	]),
	...listOperationFields(showGetMany, [
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
	]),
];

export const ownerResource: ResourceDefinition = {
	name: 'Owner',
	value: 'owner',
	properties: ownerDescription,
};
