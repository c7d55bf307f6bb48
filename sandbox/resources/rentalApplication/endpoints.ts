import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { dateWindow, dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { applicationStatuses } from './schema';

export const rentalApplicationEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/rental-applications',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			window: dateWindow(ctx, query, 'this_month_to_date'),
			status: oneOf(query, 'applicationStatus', ['all', ...applicationStatuses] as const, 'all'),
		}),
		(ctx, f) =>
			dbOf(ctx)
				.rentalApplications.filter((a) => f.ids.has(a.row.propertyId) && inWindow(f.window, a.receivedOn) && (f.status === 'all' || a.row.status === f.status))
				.map((a) => a.row),
	),
];
