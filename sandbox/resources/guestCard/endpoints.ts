import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { parseKnownDate } from '../../shared/format';
import { dateWindow, dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { guestCardStatuses, leadTypes } from './schema';

/** a card's received day: the date part of "MM/DD/YYYY" or of "MM/DD/YYYY at hh:mm AM" (an injected card may carry its time) */
export function receivedDay(received: string): Date {
	return parseKnownDate(received.replace(/ at \d{1,2}:\d{2} [AP]M$/, ''));
}

export const guestCardEndpoints: EndpointDef[] = [
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
];
