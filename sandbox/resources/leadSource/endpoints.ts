import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { dateWindow, dbOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { LEAD_SOURCES } from '../guestCard/data';
import { receivedDay } from '../guestCard/endpoints';

export const leadSourceEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/lead-source-tracking',
		(ctx, query) => ({ ids: scopedPropertyIds(ctx, query), window: dateWindow(ctx, query, 'this_month_to_date') }),
		(ctx, f) => {
			const db = dbOf(ctx);
			const cards = db.guestCards.filter((c) => f.ids.has(c.propertyId) && inWindow(f.window, receivedDay(c.received)));
			const applications = db.rentalApplications.filter((a) => f.ids.has(a.row.propertyId) && inWindow(f.window, a.receivedOn));
			return LEAD_SOURCES.map((source) => {
				const fromSource = applications.filter((a) => a.row.leadSource === source);
				const sourceCards = cards.filter((c) => c.source === source);
				return {
					applications: String(fromSource.length),
					approvedApplications: String(fromSource.filter((a) => ['Approved', 'Converting', 'Converted'].includes(a.row.status)).length),
					convertedTenants: String(fromSource.filter((a) => a.row.status === 'Converted').length),
					guestCardInquiries: String(sourceCards.length),
					showings: String(sourceCards.filter((c) => c.lastActivityType === 'Showing').length),
					source,
				};
			});
		},
	),
];
