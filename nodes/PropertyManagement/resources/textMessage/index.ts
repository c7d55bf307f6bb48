import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import { listOperationFields, operationSelector, queryStringField } from '../../shared/descriptions';

const showGetMany = { resource: ['textMessage'], operation: ['getAll'] };

export const textMessageDescription: INodeProperties[] = [
	operationSelector('textMessage', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many text messages',
			description: 'List the SMS conversation with one phone number (required)',
			method: 'GET',
			url: '/v1/sms',
		},
	]),
	queryStringField({
		displayName: 'Phone Number',
		name: 'toNumber',
		default: '',
		required: true,
		placeholder: 'e.g. (555) 123-4567',
		description:
			'Phone number of the conversation; any common US format, normalized to (XXX) XXX-XXXX by the service',
		displayOptions: { show: showGetMany },
	}),
	...listOperationFields(showGetMany, []),
];

export const textMessageResource: ResourceDefinition = {
	name: 'Text Message',
	value: 'textMessage',
	properties: textMessageDescription,
};
