import { readEndpoint } from '../../shared/define';
import { fileView, requiredOccupancy } from '../../shared/lookups';
import { dbOf } from '../../shared/params';
import type { EndpointDef } from '../../types';

export const letterEndpoints: EndpointDef[] = [
	readEndpoint('/v1/letters', (ctx, query) => requiredOccupancy(ctx, query), (ctx, occupancy) =>
		dbOf(ctx)
			.letters.filter((d) => d.occupancyId === occupancy.id)
			.map((d) => ({ upstreamId: d.upstreamId, name: d.name, createdAt: d.createdAt.toISOString(), category: d.category, file: fileView(ctx, d.fileId) })),
	),
];
