import type { StatusDetails } from '../server/freshnessRules';
import { draw } from './draw';

/**
 * The spec: X-API-PROCESSING-MODE `default` has a 24-second time-out, `longer` 120 seconds; it does not
 * say what a time-out looks like, nor which refreshes run into it. The hostile profile (sandbox/README.md,
 * "Hostile profile") has refreshes started in the default mode time out:
 * - every refresh of a financial report;
 * - a seeded share of the refreshes of every other list, single-object reads aside (drawn from the entry and how many refreshes of
 *   it were started, so one refresh times out and the next may not, as on a loaded upstream system).
 * A refresh that times out ends when the mode's time-out runs out, 24 s after it started (not after
 * `--job-seconds`): the next first-page read answers `stale`, old data (if any) and lastUpdated kept, with
 * meta.statusDetails saying so. Started with `longer` it completes in `--job-seconds` (far below 120 s).
 */
export const SLOW_REPORT_PATHS = ['/v1/cash-flow', '/v1/balance-sheet', '/v1/income-statement', '/v1/annual-budget-comparative'];
export const LIST_TIMEOUT_SHARE = 0.1;
export const DEFAULT_MODE_TIMEOUT_SECONDS = 24;

export const REFRESH_TIMED_OUT: StatusDetails = {
	code: 504,
	message: `The refresh timed out after ${DEFAULT_MODE_TIMEOUT_SECONDS} seconds in the default processing mode; send X-API-PROCESSING-MODE: longer`,
};

export interface RefreshStart {
	path: string;
	/** the cache entry (path + canonical query) */
	entryKey: string;
	processingMode: string | undefined;
	/** 1 for the entry's first refresh, 2 for the next... */
	attempt: number;
	/** a single-object read (`/v1/me`, a bill's details): never times out */
	single: boolean;
}

/** undefined: the refresh completes in `--job-seconds`; else it fails with these details after 24 s */
export function refreshTimeout(seed: number, { path, entryKey, processingMode, attempt, single }: RefreshStart): StatusDetails | undefined {
	if (single || processingMode?.trim().toLowerCase() === 'longer') return undefined;
	if (SLOW_REPORT_PATHS.includes(path)) return REFRESH_TIMED_OUT;
	return draw(seed, 'list-timeout', entryKey, attempt) < LIST_TIMEOUT_SHARE ? REFRESH_TIMED_OUT : undefined;
}
