import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	engineOptions,
	listOperationFields,
	operationSelector,
	queryStringField,
	resourceLocator,
} from '../../shared/descriptions';

const showGetMany = { resource: ['attachment'], operation: ['getAll'] };
const showGetFile = { resource: ['attachment'], operation: ['getFile'] };

export const attachmentDescription: INodeProperties[] = [
	operationSelector('attachment', [
		{
			name: 'Get File',
			value: 'getFile',
			action: 'Get a file',
			description: 'Get a file’s signed URL, name, type and size, optionally downloading it',
			method: 'GET',
			url: '/v1/file',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many attachments',
			description: 'List the attachments of an occupancy or of a work order',
			method: 'GET',
			url: '/v1/attachments',
		},
	]),
	{
		// The service takes exactly one of occupancyId and workOrderId
		displayName: 'Attached To',
		name: 'attachedTo',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showGetMany },
		default: 'occupancy',
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
		show: { ...showGetMany, attachedTo: ['occupancy'] },
		required: true,
	}),
	queryStringField({
		displayName: 'Work Order ID',
		name: 'workOrderId',
		default: '',
		required: true,
		description: 'Work order whose attachments to list',
		displayOptions: { show: { ...showGetMany, attachedTo: ['workOrder'] } },
	}),
	...listOperationFields(showGetMany, []),
	queryStringField({
		displayName: 'File ID',
		name: 'id',
		default: '',
		required: true,
		description: 'ID of the attachment or file (an attachment’s upstreamId or file.ID)',
		displayOptions: { show: showGetFile },
	}),
	engineOptions(showGetFile, { download: true }),
];

export const attachmentResource: ResourceDefinition = {
	name: 'Attachment',
	value: 'attachment',
	properties: attachmentDescription,
};
