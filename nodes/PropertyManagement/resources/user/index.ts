import type { INodeProperties } from 'n8n-workflow';
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
			name: 'Get Roles',
			value: 'getRoles',
			action: 'Get user roles',
			description: 'List the roles of the account with their permissions, marking the current user’s role',
			method: 'GET',
			url: '/v1/user-roles',
		},
	]),
	...listOperationFields(showGetMany, []),
	...listOperationFields(showGetRoles, []),
	engineOptions(showGetMe),
];
