import type { SandboxProfile } from './options';

/** The public docs: "The minimum allowed is 60 (1 minute)"; smaller values count as 60. */
export const DOCUMENTED_MIN_MAX_AGE_SECONDS = 60;
/** The public docs: the max-age "is subject to a variance of +/- 5 minutes". */
export const DOCUMENTED_MAX_AGE_VARIANCE_SECONDS = 300;

/**
 * The max-age the cache applies to one first-page request (sandbox/README.md "Freshness").
 * - spec: the header as sent.
 * - documented: at least 60 s, then shifted by the configured variance (0 unless a test sets
 *   `maxAgeVarianceSeconds` through the control API, within ±300 s): the real service's variance
 *   is not predictable, so the sandbox plays one chosen offset deterministically.
 */
export function effectiveMaxAgeSeconds(profile: SandboxProfile, requested: number, varianceSeconds: number): number {
	if (profile !== 'documented') return requested;
	return Math.max(DOCUMENTED_MIN_MAX_AGE_SECONDS, requested) + varianceSeconds;
}

/**
 * The status of the answer that starts a refresh job:
 * - spec: "cache older than the accepted age → `stale` or `updating`"; the sandbox answers `stale`
 *   to the request that starts the job and `updating` to those that join it.
 * - documented (data caching): "older than your specified maximum age → `updating`"; `stale` is kept
 *   for an entry whose last refresh failed (response polling) and for a superseded cursor page.
 */
export function statusWhenJobStarts(profile: SandboxProfile): 'stale' | 'updating' {
	return profile === 'documented' ? 'updating' : 'stale';
}

/**
 * Documented webhooks: a notify URL on a request whose data is already within max age is called
 * immediately. The spec only says "when the requested data is ready"; its profile calls the URL when
 * a job started or joined by the request completes, and never for data already fresh.
 */
export function notifiesWhenAlreadyFresh(profile: SandboxProfile): boolean {
	return profile === 'documented';
}

/** meta.count: spec "number of items in `data`"; documented "total number of objects in list". */
export function countOf(profile: SandboxProfile, pageRows: number, totalRows: number): number {
	return profile === 'documented' ? totalRows : pageRows;
}

/**
 * Documented `meta.statusDetails.{code, message}`: the outcome of the last finished refresh. The docs
 * name the fields but the stored pages do not list the codes, so the sandbox uses HTTP-like ones.
 * A failed refresh keeps the old data and `lastUpdated`, and the next first-page read answers `stale`.
 */
export interface StatusDetails {
	code: number;
	message: string;
}
export const REFRESH_OK: StatusDetails = { code: 200, message: 'Refreshed from the upstream system' };
export const REFRESH_FAILED: StatusDetails = { code: 502, message: 'The refresh from the upstream system failed' };

/** Whether answers carry meta.statusDetails and a failed refresh is answered `stale` once (documented, hostile). */
export function showsStatusDetails(profile: SandboxProfile): boolean {
	return profile !== 'spec';
}
