import { listOperationFields, queryStringField } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const textMessageResource = defineResource('Text Message', 'textMessage', [
	getMany('text messages', {
		description: 'List the SMS conversation with one phone number (required)',
		url: '/v1/sms',
		fields: (show) => [
			queryStringField({
				displayName: 'Phone Number',
				name: 'toNumber',
				default: '',
				required: true,
				placeholder: 'e.g. (555) 123-4567',
				description:
					'Phone number of the conversation; any common US format, normalized to (XXX) XXX-XXXX by the service',
				displayOptions: { show },
			}),
			...listOperationFields(show, []),
		],
	}),
]);
