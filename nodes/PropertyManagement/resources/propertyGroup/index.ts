import { writeOptions, listOperationFields } from '../../../shared/descriptions';
import { additionalFields } from '../../../shared/descriptions/fields';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';
import { createPropertyGroupPreSend } from './body';

export const propertyGroupResource = defineResource('Property Group', 'propertyGroup', [
	getMany('property groups', {
		description: 'List property groups with their properties',
		url: '/v1/property-groups',
		fields: (show) => listOperationFields(show, []),
	}),
	{
		name: 'Create',
		value: 'create',
		action: 'Create property group',
		description: 'Create a property group, optionally with properties',
		method: 'POST',
		url: '/v1/property-groups',
		preSend: [createPropertyGroupPreSend],
		fields: (show) => [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				required: true,
				default: '',
				displayOptions: { show },
				description: 'Name of the group',
			},
			additionalFields(show, [
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
			writeOptions(show),
		],
	},
]);
