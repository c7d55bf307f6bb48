import { readEndpoint } from '../../shared/define';
import { dbOf, manyOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { tenantStatuses } from './schema';

export const tenantEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/tenants',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			visibility: oneOf(query, 'visibility', ['active', 'hidden', 'all'] as const, 'active'),
			statuses: manyOf(query, 'status', tenantStatuses, ['current', 'notice']),
		}),
		(ctx, { ids, visibility, statuses }) =>
			dbOf(ctx)
				.tenants.filter(
					(t) =>
						ids.has(t.propertyId) &&
						(visibility === 'all' || t.hidden === (visibility === 'hidden')) &&
						(!statuses || statuses.includes(t.statusKey)),
				)
				.map((t) => t.row),
	),
];
