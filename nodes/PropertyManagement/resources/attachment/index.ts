import { engineOptions, listOperationFields, queryStringField, resourceLocator } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const attachmentResource = defineResource(
	'Attachment',
	'attachment',
	[
		getMany('attachments', {
			description: 'List the attachments of an occupancy or of a work order',
			url: '/v1/attachments',
			fields: (show) => [
				{
					// The service takes exactly one of occupancyId and workOrderId
					displayName: 'Attached To',
					name: 'attachedTo',
					type: 'options',
					noDataExpression: true,
					displayOptions: { show },
					default: 'occupancy',
					description: "Which record's attachments to list: a tenant's occupancy or a work order",
					options: [
						{ name: 'Occupancy', value: 'occupancy' },
						{ name: 'Work Order', value: 'workOrder' },
					],
				},
				resourceLocator({
					displayName: 'Occupancy',
					name: 'occupancyId',
					searchListMethod: 'searchOccupancies',
					description: 'Occupancy (lease of a tenant in a unit) whose attachments to list',
					show: { ...show, attachedTo: ['occupancy'] },
					required: true,
				}),
				resourceLocator({
					displayName: 'Work Order',
					name: 'workOrderId',
					searchListMethod: 'searchWorkOrders',
					description: 'Work order whose attachments to list',
					show: { ...show, attachedTo: ['workOrder'] },
					required: true,
				}),
				...listOperationFields(show, []),
			],
		}),
		{
			name: 'Get File',
			value: 'getFile',
			action: 'Get file',
			description: 'Get a file’s signed URL, name, type and size, optionally downloading it',
			method: 'GET',
			url: '/v1/file',
			fields: (show) => [
				queryStringField({
					displayName: 'File ID',
					name: 'id',
					default: '',
					required: true,
					description: 'ID of the attachment, as Attachment → Get Many lists it, or the ID of its file',
					displayOptions: { show },
				}),
				engineOptions(show, { download: true }),
			],
		},
	],
	'getFile',
);
