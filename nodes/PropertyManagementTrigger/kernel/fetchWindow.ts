import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';
import { dayInZone, serviceDateOfDay, type Clock } from './days';
import type { TriggerSettings } from '../events/settings';

/** The last complete snapshot one query was read from. */
export interface RangeRead {
	/** the query string it answered, as sent */
	query: string;
	/** meta.lastUpdated of that snapshot */
	lastUpdated: number;
	/** n8n's clock (epoch ms) when the read started */
	readAt: number;
	/** the requests it counts for its pacing: its pages plus the one that started the refresh (fetchWindow.ts) */
	requests: number;
	/** the open read: the first day it did not cover (the full window's first day then); undefined in state saved when it covered every day */
	before?: number;
}

/** Inclusive range of record days a read asks for; `openEnded`: no upper bound is sent. */
export interface DayWindow {
	from: number;
	to: number;
	openEnded?: boolean;
}

export interface WindowSnapshot {
	records: IDataObject[];
	/** whether every page came from one snapshot no older than Max Age */
	fresh: boolean;
	/** the first page was of the snapshot already read (`known`): `records` holds that page only */
	unchanged: boolean;
	/** day of that snapshot (the service's clock, the workflow's time zone), never later than today */
	day: number;
	/** what to remember of this read; undefined when it was not fresh */
	read?: RangeRead;
	/** the service's own words on the first page: status, the snapshot's time, why a refresh failed */
	status: string;
	lastUpdated?: number;
	statusDetail?: string;
}

export function windowQuery(settings: TriggerSettings, window: DayWindow): IDataObject {
	const { definition } = settings;
	const qs: IDataObject = { ...settings.filterQuery };
	if (definition.dateRange) qs.dateRange = definition.dateRange;
	qs[definition.fromParameter] = serviceDateOfDay(window.from);
	if (!window.openEnded) qs[definition.toParameter] = serviceDateOfDay(window.to);
	return qs;
}

/**
 * The requests a read counts for its pacing (readPeriods.ts): its pages, plus one when it started or joined
 * a refresh (two for a one-page list refreshed). The further looks at a running refresh are left out:
 * their number follows the service's refresh time, not the list's size. Counted, a slow refresh put a
 * small account's recent day minutes apart, behind the full read due every 4 minutes, which then always
 * went first: the recent day was never read again (the refresh-outage e2e, CI 2026-11-28).
 */
function pacedRequests(read: { pages: number; waitedForRefresh: boolean }): number {
	return read.pages + (read.waitedForRefresh ? 1 : 0);
}

export async function fetchWindow(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	window: DayWindow,
	clock: Clock,
	maxAge: number,
	known?: RangeRead,
): Promise<WindowSnapshot> {
	return await fetchRecords(ctx, settings, windowQuery(settings, window), clock, maxAge, known);
}

/**
 * All pages of the watched list for `qs`, through the engine (rate limit, freshness, retries).
 * `known` is the last snapshot read of this query: when the service still serves it, the read stops
 * after its first page. `maxAge` is the X-API-MAX-AGE to send.
 */
export async function fetchRecords(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	qs: IDataObject,
	clock: Clock,
	maxAge: number,
	known?: RangeRead,
): Promise<WindowSnapshot> {
	const query = JSON.stringify(qs);
	const result = await apiRequest(
		ctx,
		{
			method: 'GET',
			path: settings.definition.path,
			qs,
			returnAll: true,
			knownSnapshot: known?.query === query ? known.lastUpdated : undefined,
		},
		{
			freshness: 'wait',
			maxAge,
			maxWait: settings.maxWait,
			// a poll that times out emits nothing and keeps its checkpoint rather than failing,
			// and reads no pages of a stale snapshot it would discard anyway
			onWaitTimeout: 'returnPending',
		},
	);
	const lastUpdated = result.meta.lastUpdated;
	const snapshotDay = typeof lastUpdated === 'number' ? dayInZone(lastUpdated * 1000, settings.timeZone) : clock.today;
	const fresh = !result.pending && result.meta.status === 'ok';
	return {
		records: result.items,
		fresh,
		unchanged: result.unchanged === true,
		day: Math.min(snapshotDay, clock.today),
		status: String(result.meta.status ?? 'no status'),
		lastUpdated: typeof lastUpdated === 'number' ? lastUpdated : undefined,
		statusDetail: result.meta.statusDetails?.message,
		read:
			fresh && typeof lastUpdated === 'number'
				? { query, lastUpdated, readAt: clock.now, requests: pacedRequests(result) }
				: undefined,
	};
}
