import { engineOptions, listOperationFields } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const userResource = defineResource(
	'User',
	'user',
	[
		getMany('users', {
			description: 'List the users of the account',
			url: '/v1/users',
			fields: (show) => listOperationFields(show, [], {
				simplify: ['upstreamId', 'name', 'email', 'phoneNumber', 'userRole', 'active',
					'adminUser', 'currentSignInAt'],
			}),
		}),
		{
			name: 'Get Role',
			value: 'getRoles',
			action: 'Get current user role',
			description: 'Get the connected user’s role with its permissions (one item)',
			method: 'GET',
			url: '/v1/user-roles',
			fields: (show) => [engineOptions(show)],
		},
		{
			name: 'Get Current User',
			value: 'getMe',
			action: 'Get current user',
			description: 'Get the connected user with role and permissions',
			method: 'GET',
			url: '/v1/me',
			fields: (show) => [engineOptions(show)],
		},
	],
	'getMe',
);
