import { apiError, operationError } from '../errors';
import { exchange, type EngineSession, type ExchangeRequest } from '../sending/exchange';
import { freshnessOf, maxWaitMsOf } from '../settings/settings';
import type { EngineOptions, Envelope, ServiceMeta } from '../types';

export type FirstPage =
	| { kind: 'fresh'; envelope: Envelope }
	/** not fresh, but usable: cached mode or returnStale, with data */
	| { kind: 'stale'; envelope: Envelope }
	/** notify mode, not fresh, a refresh job running: the caller is told, not given a partial list */
	| { kind: 'pending'; envelope: Envelope }
	/** notify mode, not fresh and no refresh job (e.g. the last refresh failed): no webhook will come */
	| { kind: 'noNotification'; envelope: Envelope };

/**
 * Webhooks: "a webhook may not be triggered … if the resulting operation … ends in an error"; Response
 * Polling: an update that ends in an error answers `stale`. A webhook comes only for a job the request
 * started or joined: status `updating`, or an answer that names its refresh job (the spec's `stale` that
 * starts one). A `stale` answer with no job is a refresh that already failed.
 */
function notificationComing(envelope: Envelope): boolean {
	const jobId = envelope.meta?.jobId as unknown;
	return envelope.meta?.status === 'updating' || (typeof jobId === 'string' && jobId !== '') || typeof jobId === 'number';
}

/** Why an answer in notify mode brings no webhook, for the output item. */
export function noNotificationReason(envelope: Envelope): string {
	return (
		`The service answered "${envelope.meta?.status ?? 'unknown'}" without starting a refresh job (${describeMeta(envelope)}).` +
		' The service sends no webhook for a refresh that did not complete, so nothing will call the Notify URL: do not wait for it.'
	);
}

/** The docs' `meta.statusDetails`: code and message of the service's last attempt to get the data. */
function describeLastAttempt(details: ServiceMeta['statusDetails']): string {
	if (!details || typeof details !== 'object') return '';
	const parts = [details.code, details.message].filter((part) => part !== undefined && part !== null && part !== '');
	return parts.length ? `, last refresh attempt: ${parts.join(' ')}` : '';
}

function describeMeta(envelope: Envelope): string {
	const { status, lastUpdated, statusDetails } = envelope.meta ?? {};
	const when =
		typeof lastUpdated === 'number' ? new Date(lastUpdated * 1000).toISOString() : 'never';
	return `last status "${status ?? 'unknown'}", data last updated ${when}${describeLastAttempt(statusDetails)}`;
}

/** Response polling: a refresh that ended in an error answers `stale`, no job, and the attempt's statusDetails. */
function refreshFailed(envelope: Envelope): boolean {
	const { status, jobId, statusDetails } = envelope.meta ?? {};
	const code = Number(statusDetails?.code);
	return status === 'stale' && (jobId === undefined || jobId === null || jobId === '') && Number.isFinite(code) && (code < 200 || code > 299);
}

/**
 * Whether a not-fresh answer carries a cached list. A service may answer `data: []` rather than no
 * `data` while it has never fetched the list (the spec shows neither): an empty list that was never
 * updated (`lastUpdated` null) is no list, and returning it would be a silent gap.
 */
function holdsCachedData(envelope: Envelope): boolean {
	const { data, meta } = envelope;
	if (!Array.isArray(data)) return false;
	return data.length > 0 || typeof meta?.lastUpdated === 'number';
}

/**
 * While a refresh job runs the service keeps answering the same URL with stale data (or none);
 * the spec says to poll that URL every 10 s. The max-age sent on later polls grows with the time
 * already waited, so data refreshed since the first poll counts as fresh (a small X-API-MAX-AGE would
 * otherwise start a new job on every poll and never settle).
 */
export async function readFirstPage(
	session: EngineSession,
	request: ExchangeRequest,
	options: EngineOptions,
): Promise<FirstPage> {
	const freshness = freshnessOf(options);
	const startedAt = session.deps.now();
	const maxWaitMs = maxWaitMsOf(options);
	let looks = 0;
	let previousStatus: string | undefined;
	let previousRefreshFailed = false;
	for (;;) {
		const elapsedSeconds = Math.ceil((session.deps.now() - startedAt) / 1000);
		const headers = { ...request.headers };
		if (options.maxAge !== undefined && elapsedSeconds > 0) {
			headers['X-API-MAX-AGE'] = String(Math.max(options.maxAge, elapsedSeconds + 1));
		}
		// The processing mode goes with a request that may start work; a look at a running refresh only reads.
		// A refresh that failed may have hit the default mode's 24 s time-out (spec, Limits): the poll that
		// starts the next one asks for the longer mode, so a large report still arrives.
		if (previousRefreshFailed) headers['X-API-PROCESSING-MODE'] = 'longer';
		else if (previousStatus === 'updating') delete headers['X-API-PROCESSING-MODE'];
		const envelope = await exchange(session, { ...request, headers });
		const status = envelope.meta?.status;
		previousStatus = status;
		previousRefreshFailed = refreshFailed(envelope);
		const hasData = Array.isArray(envelope.data);
		if (status === 'ok') {
			if (hasData) return { kind: 'fresh', envelope };
			throw apiError(session.place, `The service answered ${session.place.path} without data`, describeMeta(envelope), 'none');
		}
		if (freshness === 'notify') return { kind: notificationComing(envelope) ? 'pending' : 'noNotification', envelope };
		const hasCachedData = holdsCachedData(envelope);
		if (freshness === 'cached') {
			if (hasCachedData) return { kind: 'stale', envelope };
			throw operationError(
				session.place,
				`No cached data yet for ${session.place.path}; a refresh job started`,
				`Run again once the job is done, or use Freshness "Wait" or "Notify" (${describeMeta(envelope)}).`,
			);
		}
		looks += 1;
		const waitedMs = session.deps.now() - startedAt;
		if (waitedMs >= maxWaitMs) {
			if (options.onWaitTimeout === 'returnPending') return { kind: 'pending', envelope };
			if (options.onWaitTimeout === 'returnStale' && hasCachedData) return { kind: 'stale', envelope };
			throw operationError(
				session.place,
				`The data of ${session.place.path} was not refreshed within ${Math.round(maxWaitMs / 1000)} s`,
				`${describeMeta(envelope)}, after ${looks} look(s) over ${Math.round(waitedMs / 1000)} s. Raise Options → Max Wait, or choose "Return Stale Data" on time-out` +
					(hasCachedData ? '.' : ' (there is no cached data to return yet).'),
			);
		}
		// the last look falls on Max Wait itself, so a Max Wait shorter than the poll interval still waits
		await session.deps.sleep(Math.min(session.deps.pollIntervalMs, maxWaitMs - waitedMs));
	}
}
