import type { StatusDetails } from '../server/freshnessRules';
import { draw } from './draw';

/**
 * The spec: X-API-PROCESSING-MODE `default` has a 24-second time-out, `longer` 120 seconds; it does not
 * say what a time-out looks like, nor which refreshes run into it. The hostile profile (sandbox/README.md,
 * "Hostile profile") has refreshes started in the default mode time out:
 * - every refresh of a financial report;
 * - on the lists of dated records (bills, tenant events, guest cards...: the queries that grow with the
 *   portfolio's history; master data such as vendors, units or GL accounts is small), the first refresh
 *   of a seeded share of the query shapes (path and the names of its parameters, not their values, so a
 *   trigger's window that moves on by a day meets the same): the upstream system is cold, later
 *   refreshes of that shape complete. Once per shape in the service's life, so that each time-out (24 s)
 *   is met by a suite once, not per test.
 * A refresh that times out ends when the mode's time-out runs out, 24 s after it started (not after
 * `--job-seconds`): the next first-page read answers `stale`, old data (if any) and lastUpdated kept, with
 * meta.statusDetails saying so. Started with `longer` it completes in `--job-seconds` (far below 120 s).
 */
export const SLOW_REPORT_PATHS = ['/v1/cash-flow', '/v1/balance-sheet', '/v1/income-statement', '/v1/annual-budget-comparative'];
export const LIST_TIMEOUT_SHARE = 0.25;
export const DATED_RECORD_PATHS = [
	'/v1/bank-account-activity',
	'/v1/bills',
	'/v1/guest-cards',
	'/v1/lead-source-tracking',
	'/v1/lease-history',
	'/v1/purchase-orders',
	'/v1/rental-applications',
	'/v1/tenant-events',
	'/v1/tenant-ledger',
	'/v1/unit-vacancies',
	'/v1/work-orders',
];
export const DEFAULT_MODE_TIMEOUT_SECONDS = 24;

export const REFRESH_TIMED_OUT: StatusDetails = {
	code: 504,
	message: `The refresh timed out after ${DEFAULT_MODE_TIMEOUT_SECONDS} seconds in the default processing mode; send X-API-PROCESSING-MODE: longer`,
};

export interface RefreshStart {
	path: string;
	/** the names of the query's parameters */
	parameterNames: string[];
	processingMode: string | undefined;
	/** a single-object read (`/v1/me`, a bill's details): never times out */
	single: boolean;
}

/** the query shape a list time-out is drawn for */
export function queryShape(path: string, parameterNames: string[]): string {
	return `${path}?${[...parameterNames].sort().join('&')}`;
}

export function listShapeTimesOut(seed: number, shape: string): boolean {
	return draw(seed, 'list-timeout', shape) < LIST_TIMEOUT_SHARE;
}

/** Which refreshes time out; it remembers the list shapes refreshed in the service's life (reset and restart included). */
export class HostileTimeouts {
	private readonly refreshedShapes = new Set<string>();

	constructor(private readonly seed: number) {}

	/** undefined: the refresh completes in `--job-seconds`; else it fails with these details after 24 s */
	refreshTimeout({ path, parameterNames, processingMode, single }: RefreshStart): StatusDetails | undefined {
		if (single) return undefined;
		const shape = queryShape(path, parameterNames);
		const first = !this.refreshedShapes.has(shape);
		this.refreshedShapes.add(shape);
		if (processingMode?.trim().toLowerCase() === 'longer') return undefined;
		if (SLOW_REPORT_PATHS.includes(path)) return REFRESH_TIMED_OUT;
		return first && DATED_RECORD_PATHS.includes(path) && listShapeTimesOut(this.seed, shape) ? REFRESH_TIMED_OUT : undefined;
	}
}
