import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { apiRequest, type ReadResumption } from '../../shared/transport';
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
	/** the read stopped paging at the end of n8n's poll budget (no records then): what it managed */
	cutShort?: CutShortRead;
	/** a resumable read stopped at the end of n8n's poll budget: `records` are the pages it read, and it goes on from here */
	partial?: PartialRead;
	/** the read went on from where the last one stopped: `records` are the pages from there on */
	resumed?: boolean;
}

/** A read spread over polls: the snapshot it reads and the first page it has not read. */
export interface PartialRead extends ReadResumption {
	/** the query string it answers, as sent */
	query: string;
	/** n8n's clock (epoch ms) when its first page was read */
	readAt: number;
	/** the requests its pages took so far, counted as fetchWindow.ts pacedRequests does */
	requests: number;
}

/** A read spread over polls as the state stored it; undefined when it is not in that shape (the read then starts over). */
export function partialReadOf(value: unknown): PartialRead | undefined {
	const read = value as Partial<PartialRead> | undefined;
	if (typeof read !== 'object' || read === null) return undefined;
	const { url, query, lastUpdated, readAt, requests } = read;
	if (typeof url !== 'string' || typeof query !== 'string' || ![lastUpdated, readAt, requests].every((number) => typeof number === 'number')) return undefined;
	return { url, query, lastUpdated: lastUpdated!, readAt: readAt!, requests: requests! };
}

/** A read that n8n's poll budget ended before its last page. */
export interface CutShortRead {
	/** seconds the poll had run */
	pollSeconds: number;
	/** pages still to read, estimated from meta.count where the service gives it */
	pagesLeft?: number;
	/** seconds a page took */
	secondsPerPage: number;
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
 * after its first page. `maxAge` is the X-API-MAX-AGE to send. `resumable`: a read the poll budget
 * ends before its last page hands over the pages it read (`partial`), and the next poll passes that
 * back as `resumable.from` to go on in the same snapshot; without it such a read counts as not read.
 */
export async function fetchRecords(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	qs: IDataObject,
	clock: Clock,
	maxAge: number,
	known?: RangeRead,
	resumable?: { from?: PartialRead },
): Promise<WindowSnapshot> {
	const query = JSON.stringify(qs);
	const from = resumable?.from?.query === query ? resumable.from : undefined;
	const startedAt = Date.now();
	const budget = settings.pollBudget;
	// under the durable scheduler a read waits for fresh data only as long as the poll has left
	const secondsLeft = budget ? Math.floor((budget.endsBy - startedAt) / 1000) : Infinity;
	if (secondsLeft < 1) {
		const cutShort = { pollSeconds: pollSecondsOf(settings, startedAt), secondsPerPage: 1 };
		return { records: [], fresh: false, unchanged: false, day: clock.today, status: "n8n's poll budget ran out", cutShort };
	}
	const result = await apiRequest(
		ctx,
		{
			method: 'GET',
			path: settings.definition.path,
			qs,
			returnAll: true,
			knownSnapshot: known?.query === query ? known.lastUpdated : undefined,
			resumeAt: from && { url: from.url, lastUpdated: from.lastUpdated },
		},
		{
			freshness: 'wait',
			maxAge,
			maxWait: Math.min(settings.maxWait, secondsLeft),
			// a poll that times out emits nothing and keeps its checkpoint rather than failing,
			// and reads no pages of a stale snapshot it would discard anyway
			onWaitTimeout: 'returnPending',
			pagesBy: settings.pollBudget?.endsBy,
		},
	);
	const lastUpdated = result.meta.lastUpdated;
	const snapshotDay = typeof lastUpdated === 'number' ? dayInZone(lastUpdated * 1000, settings.timeZone) : clock.today;
	const partOfRead = result.resumed && from ? { readAt: from.readAt, requests: from.requests } : { readAt: clock.now, requests: 0 };
	const requests = partOfRead.requests + pacedRequests(result);
	if (result.cutShort && resumable && result.nextPage && !result.pending && result.meta.status === 'ok' && typeof lastUpdated === 'number') {
		return {
			records: result.items,
			fresh: true,
			unchanged: false,
			day: Math.min(snapshotDay, clock.today),
			status: `n8n's poll budget ran out after ${result.pages} pages: the next poll goes on from there`,
			lastUpdated,
			partial: { query, url: result.nextPage, lastUpdated, ...partOfRead, requests },
			resumed: result.resumed === true,
		};
	}
	if (result.cutShort) {
		const cutShort = cutShortRead(result.pages, result.items.length, result.meta.count, Date.now() - startedAt, pollSecondsOf(settings, Date.now()));
		// a read that had the poll's whole budget for its pages and still did not fit never will: the
		// user has to know. One that first waited for a refresh, or came after another read, gets the
		// next poll, which reads it first and from the refreshed snapshot
		if (!result.waitedForRefresh && startedAt - (budget?.startedAt ?? startedAt) < WHOLE_BUDGET_SLACK_MS) {
			throw readTooLongError(ctx, settings, cutShort);
		}
		return { records: [], fresh: false, unchanged: false, day: Math.min(snapshotDay, clock.today), status: `n8n's poll budget ran out after ${result.pages} pages`, cutShort };
	}
	const fresh = !result.pending && result.meta.status === 'ok';
	return {
		records: result.items,
		fresh,
		unchanged: result.unchanged === true,
		day: Math.min(snapshotDay, clock.today),
		status: String(result.meta.status ?? 'no status'),
		lastUpdated: typeof lastUpdated === 'number' ? lastUpdated : undefined,
		statusDetail: result.meta.statusDetails?.message,
		read: fresh && typeof lastUpdated === 'number' ? { query, lastUpdated, ...partOfRead, requests } : undefined,
		resumed: result.resumed === true,
	};
}

/** A read that started this soon after its poll had, for its pages, the poll's whole budget. */
const WHOLE_BUDGET_SLACK_MS = 2_000;

function pollSecondsOf(settings: TriggerSettings, now: number): number {
	return Math.round((now - (settings.pollBudget?.startedAt ?? now)) / 1000);
}

function cutShortRead(pages: number, rows: number, count: unknown, readMs: number, pollSeconds: number): CutShortRead {
	const perPage = pages ? rows / pages : 0;
	const pagesLeft = typeof count === 'number' && perPage > 0 && count > rows ? Math.ceil((count - rows) / perPage) : undefined;
	return { pollSeconds, pagesLeft, secondsPerPage: Math.max(1, readMs / 1000 / Math.max(1, pages)) };
}

/**
 * A poll whose reads have more pages than n8n's durable scheduler lets one poll read: polling again
 * cannot help (it would stop at the same point), so the poll fails with what to change.
 */
export function readTooLongError(ctx: IPollFunctions, settings: TriggerSettings, read: CutShortRead): NodeOperationError {
	const budget = settings.pollBudget;
	const budgetSeconds = budget ? Math.round((budget.endsBy - budget.startedAt) / 1000) : read.pollSeconds;
	const needed = read.pollSeconds + (read.pagesLeft ?? 1) * read.secondsPerPage;
	// the scheduler's budget is its poll timeout less a fifth (kernel/poll.ts); rounded up, with room
	const timeout = Math.ceil(needed / 0.8 / 30) * 30 + 30;
	const left = read.pagesLeft ? `about ${read.pagesLeft} pages` : 'more pages';
	return new NodeOperationError(
		ctx.getNode(),
		`Reading the ${settings.definition.label} takes longer than n8n lets a poll run: after ${read.pollSeconds} seconds, ${left} were left`,
		{
			description: `n8n's scheduler gives each poll about ${budgetSeconds} seconds and keeps nothing from a poll that runs past its poll timeout. The service sends about one page a second. Ask your n8n administrator to set N8N_SCHEDULER_POLL_TIMEOUT to at least ${timeout} seconds, or narrow the trigger's filters (a property, a shorter Lookback). Nothing is lost meanwhile: once the reads fit, the trigger goes on from what it last recorded.`,
		},
	);
}
