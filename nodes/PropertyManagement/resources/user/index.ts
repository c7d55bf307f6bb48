import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import { engineOptions, listOperationFields, operationSelector } from '../../shared/descriptions';

const showGetMany = { resource: ['user'], operation: ['getAll'] };
const showGetRoles = { resource: ['user'], operation: ['getRoles'] };
const showGetMe = { resource: ['user'], operation: ['getMe'] };

export const userDescription: INodeProperties[] = [
	operationSelector('user', [
		{
			name: 'Get Current User',
			value: 'getMe',
			action: 'Get the current user',
			description: 'Get the connected user with role and permissions',
			method: 'GET',
			url: '/v1/me',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many users',
			description: 'List the users of the account',
			method: 'GET',
			url: '/v1/users',
		},
		{
			name: 'Get Role',
			value: 'getRoles',
			action: 'Get the current user role',
			description: 'Get the connected user’s role with its permissions (one item)',
			method: 'GET',
			url: '/v1/user-roles',
		},
	]),
	...listOperationFields(showGetMany, []),
	engineOptions(showGetRoles),
	engineOptions(showGetMe),
];

export const userResource: ResourceDefinition = {
	name: 'User',
	value: 'user',
	properties: userDescription,
};
