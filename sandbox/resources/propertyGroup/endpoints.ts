import { readEndpoint } from '../../shared/define';
import { dbOf } from '../../shared/params';
import type { EndpointDef } from '../../types';

export const propertyGroupEndpoints: EndpointDef[] = [
	readEndpoint('/v1/property-groups', () => ({}), (ctx) =>
		dbOf(ctx).propertyGroups.map((g) => ({ upstreamId: g.row.upstreamId, name: g.row.name, propertyIds: g.propertyIds })),
	),
];
