import { readEndpoint } from '../../shared/define';
import { dbOf, oneOf } from '../../shared/params';
import type { EndpointDef } from '../../types';

const VISIBILITY = ['active', 'hidden', 'all'] as const;

export const ownerEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/owners',
		(_ctx, query) => ({
			ownerVisibility: oneOf(query, 'ownerVisibility', VISIBILITY, 'active'),
			propertyVisibility: oneOf(query, 'propertyVisibility', VISIBILITY, 'active'),
		}),
		(ctx, filters) => {
			const db = dbOf(ctx);
			const shownProperty = (id: string) => {
				const property = db.properties.find((p) => p.row.upstreamId === id)!;
				if (property.invisible) return false;
				return filters.propertyVisibility === 'all' || property.hidden === (filters.propertyVisibility === 'hidden');
			};
			return db.owners
				.filter((o) => filters.ownerVisibility === 'all' || o.hidden === (filters.ownerVisibility === 'hidden'))
				.map((o) => ({ ...o.row, propertyIds: o.row.propertyIds.filter(shownProperty) }))
				.filter((o) => o.propertyIds.length > 0 || filters.propertyVisibility === 'all');
		},
	),
];
