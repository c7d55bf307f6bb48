import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { parseKnownDate } from '../../shared/format';
import { dateWindow, dbOf, manyOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import type { TenantEvent } from './schema';

const EVENT_TYPES = ['Move-in', 'Move-out', 'Notice'] as const;

export const tenantEventEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/tenant-events',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			window: dateWindow(ctx, query, 'this_month'),
			events: manyOf(query, 'eventType', EVENT_TYPES, ['all' as never]),
		}),
		(ctx, { ids, window, events }) =>
			dbOf(ctx)
				.tenantEvents.filter(
					(e) => ids.has(String(e.property.upstreamId)) && inWindow(window, parseKnownDate(e.occurredDate)) && (!events || events.includes(e.event)),
				)
				.sort(byOccurred),
	),
];

function byOccurred(a: TenantEvent, b: TenantEvent): number {
	return parseKnownDate(a.occurredDate).getTime() - parseKnownDate(b.occurredDate).getTime() || a.occupancy.upstreamId - b.occupancy.upstreamId;
}
