import { listOperationFields, queryStringField, recordReadFields, resourceLocator } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const emailResource = defineResource(
	'Email',
	'email',
	[
		getMany('emails', {
			description: 'List the emails (display metadata only) of a guest card or an occupancy',
			url: '/v1/emails',
			fields: (show) => [
				{
					// The service takes exactly one of guestCardId and occupancyId
					displayName: 'Emails Of',
					name: 'emailsOf',
					type: 'options',
					noDataExpression: true,
					displayOptions: { show },
					default: 'occupancy',
					description: 'Whose emails to list: those of a prospect (guest card) or of a tenant (occupancy)',
					options: [
						{ name: 'Guest Card', value: 'guestCard' },
						{ name: 'Occupancy', value: 'occupancy' },
					],
				},
				resourceLocator({
					displayName: 'Guest Card',
					name: 'guestCardId',
					searchListMethod: 'searchGuestCards',
					description: 'Guest card (a prospect) whose emails to list',
					show: { ...show, emailsOf: ['guestCard'] },
					required: true,
				}),
				resourceLocator({
					displayName: 'Occupancy',
					name: 'occupancyId',
					searchListMethod: 'searchOccupancies',
					description: 'Occupancy (lease of a tenant in a unit) whose emails to list',
					show: { ...show, emailsOf: ['occupancy'] },
					required: true,
				}),
				...listOperationFields(show, []),
			],
		}),
		{
			name: 'Get',
			value: 'get',
			action: 'Get email',
			description: 'Get one email with its body, recipients and attachments',
			method: 'GET',
			url: '/v1/email',
			fields: (show) => [
				queryStringField({
					displayName: 'Email ID',
					name: 'emailId',
					default: '',
					required: true,
					description: 'ID of the email, as Email → Get Many lists it',
					displayOptions: { show },
				}),
				...recordReadFields(show, ['upstreamId', 'direction', 'subject', 'from', 'to', 'sentAt', 'body']),
			],
		},
	],
	'get',
);
