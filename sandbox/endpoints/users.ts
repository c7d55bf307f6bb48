import type { EndpointDef } from '../types';
import { noFilters, readEndpoint } from './define';
import { dbOf } from './params';

export const userEndpoints: EndpointDef[] = [
	readEndpoint('/v1/users', noFilters, (ctx) => dbOf(ctx).users),
	readEndpoint('/v1/me', noFilters, (ctx) => [dbOf(ctx).me], { single: true }),
	readEndpoint('/v1/user-roles', noFilters, (ctx) => dbOf(ctx).userRoles),
];
