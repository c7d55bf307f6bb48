import type { RangeRead } from './fetchWindow';

/*
 * How often a read is made again, for every family (docs/trigger.md "Three reads", "Cost of an idle
 * poll"): a read's period follows the requests its last read took, so that a large account's reads are
 * spread, and never exceeds 6 hours.
 */

/** The user's Max Age: how old a snapshot a read accepts, in seconds. */
interface PeriodSettings {
	maxAge: number;
}

/** The full window at one request per two minutes on average (newRecords/schedule.ts says why). */
const SECONDS_PER_FULL_READ_REQUEST = 120;
/**
 * The open set dated before the window (unpaid bills) at one request per two minutes on average, as the
 * full window: a small account's (1 to 2 pages) every 4 to 6 minutes, so that a late bill fires within
 * 10 minutes; 10,000 units' (about 50 requests) every 100 minutes or so.
 */
const SECONDS_PER_OPEN_READ_REQUEST = 120;
/** A frequent read (the recent day, a status event's open reads): a minute per request beyond a one-page read's two. */
const SECONDS_PER_FREQUENT_READ_REQUEST = 60;
const ONE_PAGE_READ_REQUESTS = 2;
export const LONGEST_FULL_READ_PERIOD_SECONDS = 6 * 3600;

function spreadPeriodMs(settings: PeriodSettings, read: RangeRead | undefined, secondsPerRequest: number): number {
	const spread = (read?.requests ?? 0) * secondsPerRequest;
	return 1000 * Math.min(LONGEST_FULL_READ_PERIOD_SECONDS, Math.max(settings.maxAge, spread));
}

export function fullReadPeriodMs(settings: PeriodSettings, full: RangeRead | undefined): number {
	return spreadPeriodMs(settings, full, SECONDS_PER_FULL_READ_REQUEST);
}

export function openReadPeriodMs(settings: PeriodSettings, open: RangeRead | undefined): number {
	return spreadPeriodMs(settings, open, SECONDS_PER_OPEN_READ_REQUEST);
}

/**
 * A status event's read of the rest (every unpaid bill, for those in an approval status no other read
 * names): it only tells the frequent reads' statuses apart from the others, so it costs about a fifth
 * of a request a minute: five minutes per request its last read took, at least every
 * REST_READ_LEAST_SECONDS (a small account's one-page read every ten minutes, 10,000 units' about
 * every four hours). A bill that enters such a status and leaves it for Approved within that period is
 * seen as it is seen without this read: not as an approval.
 */
export const REST_READ_LEAST_SECONDS = 600;
export const SECONDS_PER_REST_READ_REQUEST = 300;

export function restReadPeriodMs(settings: PeriodSettings, rest: RangeRead | undefined): number {
	return Math.max(1000 * REST_READ_LEAST_SECONDS, spreadPeriodMs(settings, rest, SECONDS_PER_REST_READ_REQUEST));
}

/**
 * The period of a frequent read, one made about every Max Age: Max Age, plus a minute per request the
 * last read took beyond a one-page read's two; at most 6 hours. It paces the recent day of the
 * new-record events and the open reads of the status events alike: a read of many pages (10,000
 * units' open work orders, about 40) costs about one request a minute. A status event with several
 * open reads (one per open status) passes them all, so that the watch as a whole costs about a
 * request a minute; each read alone would cost that much (10,000 units' undecided applications: two
 * reads of about 6 pages, 2.25 requests per idle poll).
 */
export function frequentReadPeriodMs(settings: PeriodSettings, ...reads: Array<RangeRead | undefined>): number {
	const beyondOnePage = reads.reduce((sum, read) => sum + Math.max(0, (read?.requests ?? 0) - ONE_PAGE_READ_REQUESTS), 0);
	return 1000 * Math.min(LONGEST_FULL_READ_PERIOD_SECONDS, settings.maxAge + beyondOnePage * SECONDS_PER_FREQUENT_READ_REQUEST);
}

/**
 * X-API-MAX-AGE for a due read: the age of the snapshot held since `read` minus a second, so that
 * the service refreshes it rather than serving it again; never more than the user's Max Age.
 */
export function maxAgeFor(settings: PeriodSettings, read: RangeRead | undefined, now: number): number {
	if (!read) return settings.maxAge;
	const heldSeconds = Math.floor((now - read.readAt) / 1000);
	return Math.max(0, Math.min(settings.maxAge, heldSeconds - 1));
}
