import { parseKnownDate } from '../data/format';
import { LEAD_SOURCES } from '../data/leasing';
import { applicationStatuses, guestCardStatuses, leadTypes } from '../schemas/leasing';
import type { EndpointDef } from '../types';
import { inWindow } from './dateRange';
import { readEndpoint } from './define';
import { dateWindow, dbOf, oneOf, scopedPropertyIds } from './params';

/** a card's received day: the date part of "MM/DD/YYYY" or of "MM/DD/YYYY at hh:mm AM" (an injected card may carry its time) */
function receivedDay(received: string): Date {
	return parseKnownDate(received.replace(/ at \d{1,2}:\d{2} [AP]M$/, ''));
}

export const leasingEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/guest-cards',
		(ctx, query) => ({
			ids: scopedPropertyIds(ctx, query),
			window: dateWindow(ctx, query, 'this_month_to_date'),
			leadStatus: oneOf(query, 'leadStatus', ['all', ...guestCardStatuses] as const, 'all'),
			leadType: oneOf(query, 'leadType', ['all', ...leadTypes] as const, 'all'),
		}),
		(ctx, f) =>
			dbOf(ctx).guestCards.filter(
				(c) =>
					f.ids.has(c.propertyId) &&
					inWindow(f.window, receivedDay(c.received)) &&
					(f.leadStatus === 'all' || c.status === f.leadStatus) &&
					(f.leadType === 'all' || c.leadType === f.leadType),
			),
	),
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
