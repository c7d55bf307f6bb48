import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import { listOperationFields, operationSelector, resourceLocator } from '../../shared/descriptions';

const showGetMany = { resource: ['letter'], operation: ['getAll'] };

export const letterDescription: INodeProperties[] = [
	operationSelector('letter', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many letters',
			description: 'List the letters of an occupancy, optionally downloading their files',
			method: 'GET',
			url: '/v1/letters',
		},
	]),
	resourceLocator({
		displayName: 'Occupancy',
		name: 'occupancyId',
		searchListMethod: 'searchOccupancies',
		description: 'Occupancy (lease of a tenant in a unit) whose letters to list',
		show: showGetMany,
		required: true,
	}),
	...listOperationFields(showGetMany, [], { download: true }),
];

export const letterResource: ResourceDefinition = {
	name: 'Letter',
	value: 'letter',
	properties: letterDescription,
};
