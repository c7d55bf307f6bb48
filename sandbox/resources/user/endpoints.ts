import { noFilters, readEndpoint } from '../../shared/define';
import { dbOf } from '../../shared/params';
import type { EndpointDef } from '../../types';

export const userEndpoints: EndpointDef[] = [
	readEndpoint('/v1/users', noFilters, (ctx) => dbOf(ctx).users),
	readEndpoint('/v1/me', noFilters, (ctx) => [dbOf(ctx).me], { single: true }),
	// one object, as the docs show it: the connected user's own role
	readEndpoint('/v1/user-roles', noFilters, (ctx) => dbOf(ctx).userRoles.filter((role) => role.name === dbOf(ctx).me.role), { single: true }),
];
