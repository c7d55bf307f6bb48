import { readEndpoint } from '../../shared/define';
import { formatDate } from '../../shared/format';
import { fileView, requiredOccupancy } from '../../shared/lookups';
import { dbOf } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { leaseHistoryEndpoint } from './history';

export const leaseEndpoints: EndpointDef[] = [
	leaseHistoryEndpoint,
	readEndpoint('/v1/lease-documents', (ctx, query) => requiredOccupancy(ctx, query), (ctx, occupancy) =>
		dbOf(ctx)
			.leaseDocuments.filter((d) => d.occupancyId === occupancy.id)
			.map((d) => ({
				name: d.name,
				leaseFrom: d.leaseFrom ? formatDate(d.leaseFrom) : null,
				leaseTo: d.leaseTo ? formatDate(d.leaseTo) : null,
				status: d.status,
				leaseDocumentId: d.upstreamId,
				file: fileView(ctx, d.fileId),
			})),
	),
];
