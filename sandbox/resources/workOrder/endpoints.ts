import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { parseKnownDate } from '../../shared/format';
import { dateWindow, dbOf, manyOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { WORK_ORDER_STATUSES } from './schema';

export const workOrderEndpoints: EndpointDef[] = [
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
