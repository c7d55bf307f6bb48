import { parseKnownDate } from '../data/format';
import { WORK_ORDER_STATUSES } from '../schemas/vendors';
import type { EndpointDef } from '../types';
import { inWindow } from './dateRange';
import { readEndpoint } from './define';
import { dateWindow, dbOf, manyOf, scopedPropertyIds } from './params';

export const maintenanceEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/work-orders',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			window: dateWindow(ctx, query, 'this_month_to_date'),
			statuses: manyOf(query, 'status', WORK_ORDER_STATUSES, ['all' as never]),
		}),
		(ctx, f) =>
			dbOf(ctx).workOrders.filter(
				(w) => f.ids.has(w.property.upstreamId) && inWindow(f.window, parseKnownDate(w.createdAt)) && (!f.statuses || f.statuses.includes(w.status)),
			),
	),
];
