import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	engineOptions,
	listOperationFields,
	operationSelector,
	queryStringField,
	resourceLocator,
} from '../../shared/descriptions';
import { simplifyFields } from '../../shared/simplify';

const showGetMany = { resource: ['email'], operation: ['getAll'] };
const showGet = { resource: ['email'], operation: ['get'] };

export const emailDescription: INodeProperties[] = [
	operationSelector('email', [
		{
			name: 'Get',
			value: 'get',
			action: 'Get an email',
			description: 'Get one email with its body, recipients and attachments',
			method: 'GET',
			url: '/v1/email',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many emails',
			description: 'List the emails (display metadata only) of a guest card or an occupancy',
			method: 'GET',
			url: '/v1/emails',
		},
	]),
	{
		// The service takes exactly one of guestCardId and occupancyId
		displayName: 'Emails Of',
		name: 'emailsOf',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showGetMany },
		default: 'occupancy',
		options: [
			{ name: 'Guest Card', value: 'guestCard' },
			{ name: 'Occupancy', value: 'occupancy' },
		],
	},
	queryStringField({
		displayName: 'Guest Card ID',
		name: 'guestCardId',
		default: '',
		required: true,
		description: 'Guest card whose emails to list',
		displayOptions: { show: { ...showGetMany, emailsOf: ['guestCard'] } },
	}),
	resourceLocator({
		displayName: 'Occupancy',
		name: 'occupancyId',
		searchListMethod: 'searchOccupancies',
		description: 'Occupancy (lease of a tenant in a unit) whose emails to list',
		show: { ...showGetMany, emailsOf: ['occupancy'] },
		required: true,
	}),
	...listOperationFields(showGetMany, []),
	queryStringField({
		displayName: 'Email ID',
		name: 'emailId',
		default: '',
		required: true,
		description: 'ID of the email (upstreamId of an email listed by Get Many)',
		displayOptions: { show: showGet },
	}),
	...simplifyFields(showGet),
	engineOptions(showGet),
];

export const emailResource: ResourceDefinition = {
	name: 'Email',
	value: 'email',
	properties: emailDescription,
};
