import type { SandboxResource } from '../../types';
import { userEndpoints } from './endpoints';
import { currentUser, user, userRole } from './schema';

export const userResource: SandboxResource = {
	endpoints: userEndpoints,
	itemSchemas: {
		'GET /v1/users': user,
		'GET /v1/me': currentUser,
		'GET /v1/user-roles': userRole,
	},
};
