import { listOperationFields, resourceLocator } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const letterResource = defineResource('Letter', 'letter', [
	getMany('letters', {
		description: 'List the letters of an occupancy, optionally downloading their files',
		url: '/v1/letters',
		fields: (show) => [
			resourceLocator({
				displayName: 'Occupancy',
				name: 'occupancyId',
				searchListMethod: 'searchOccupancies',
				description: 'Occupancy (lease of a tenant in a unit) whose letters to list',
				show,
				required: true,
			}),
			...listOperationFields(show, [], { download: true }),
		],
	}),
]);
