import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';

import { writeOptions, listOperationFields, operationSelector } from '../../shared/descriptions';
import { additionalFields } from '../../shared/fields';
import { createPropertyGroupPreSend } from './body';

const showGetMany = { resource: ['propertyGroup'], operation: ['getAll'] };
const showCreate = { resource: ['propertyGroup'], operation: ['create'] };

export const propertyGroupDescription: INodeProperties[] = [
	operationSelector('propertyGroup', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many property groups',
			description: 'List property groups with their properties',
			method: 'GET',
			url: '/v1/property-groups',
		},
		{
			name: 'Create',
			value: 'create',
			action: 'Create a property group',
			description: 'Create a property group, optionally with properties',
			method: 'POST',
			url: '/v1/property-groups',
			preSend: [createPropertyGroupPreSend],
		},
	]),
	...listOperationFields(showGetMany, []),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: showCreate },
		description: 'Name of the group',
	},
	additionalFields(showCreate, [
		{
			displayName: 'Property IDs',
			name: 'propertyIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 101, 102',
			description:
				'Comma-separated IDs (or an array from an expression) of properties of the account; the group may be empty',
		},
	]),
	writeOptions(showCreate),
];

export const propertyGroupResource: ResourceDefinition = {
	name: 'Property Group',
	value: 'propertyGroup',
	properties: propertyGroupDescription,
};
