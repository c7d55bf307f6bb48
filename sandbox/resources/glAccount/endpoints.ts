import { noFilters, readEndpoint } from '../../shared/define';
import { dbOf } from '../../shared/params';
import type { EndpointDef } from '../../types';

export const glAccountEndpoints: EndpointDef[] = [
	readEndpoint('/v1/gl-accounts', noFilters, (ctx) => dbOf(ctx).glAccounts),
];
