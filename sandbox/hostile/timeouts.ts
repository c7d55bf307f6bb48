import type { StatusDetails } from '../server/freshnessRules';

/**
 * The spec: X-API-PROCESSING-MODE `default` has a 24-second time-out, `longer` 120 seconds; it does not
 * say what a time-out looks like. The hostile profile has every refresh of a financial report started
 * in the default mode time out: the refresh ends `stale`, old data (if any) and lastUpdated kept, with
 * meta.statusDetails saying so; started with `longer` it completes.
 */
export const SLOW_REPORT_PATHS = ['/v1/cash-flow', '/v1/balance-sheet', '/v1/income-statement', '/v1/annual-budget-comparative'];

export const REPORT_TIMED_OUT: StatusDetails = {
	code: 504,
	message: 'The refresh timed out after 24 seconds in the default processing mode; send X-API-PROCESSING-MODE: longer',
};

export function reportRefreshFailure(path: string, processingMode: string | undefined): StatusDetails | undefined {
	if (!SLOW_REPORT_PATHS.includes(path)) return undefined;
	return processingMode?.trim().toLowerCase() === 'longer' ? undefined : REPORT_TIMED_OUT;
}
