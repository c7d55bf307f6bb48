import { apiError, operationError } from './errors';
import { exchange, type EngineSession, type ExchangeRequest } from './exchange';
import type { EngineOptions, Envelope } from './types';

export const DEFAULT_MAX_WAIT_SECONDS = 300;

export type FirstPage =
	| { kind: 'fresh'; envelope: Envelope }
	/** not fresh, but usable: cached mode or returnStale, with data */
	| { kind: 'stale'; envelope: Envelope }
	/** notify mode, not fresh: the caller is told, not given a partial list */
	| { kind: 'pending'; envelope: Envelope };

function describeMeta(envelope: Envelope): string {
	const { status, lastUpdated } = envelope.meta ?? {};
	const when =
		typeof lastUpdated === 'number' ? new Date(lastUpdated * 1000).toISOString() : 'never';
	return `last status "${status ?? 'unknown'}", data last updated ${when}`;
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
	const freshness = options.freshness ?? 'wait';
	const startedAt = session.deps.now();
	const maxWaitMs = (options.maxWait ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
	for (;;) {
		const elapsedSeconds = Math.ceil((session.deps.now() - startedAt) / 1000);
		const headers = { ...request.headers };
		if (options.maxAge !== undefined && elapsedSeconds > 0) {
			headers['X-API-MAX-AGE'] = String(Math.max(options.maxAge, elapsedSeconds + 1));
		}
		const envelope = await exchange(session, { ...request, headers });
		const status = envelope.meta?.status;
		const hasData = Array.isArray(envelope.data);
		if (status === 'ok' && hasData) return { kind: 'fresh', envelope };
		if (status === 'ok' || request.method !== 'GET') {
			if (hasData) return { kind: 'fresh', envelope };
			throw apiError(session.place, `The service answered ${session.place.path} without data`, describeMeta(envelope), 'none');
		}
		if (freshness === 'notify') return { kind: 'pending', envelope };
		if (freshness === 'cached') {
			if (hasData) return { kind: 'stale', envelope };
			throw operationError(
				session.place,
				`No cached data yet for ${session.place.path}; a refresh job started`,
				`Run again once the job is done, or use Freshness "Wait" or "Notify" (${describeMeta(envelope)}).`,
			);
		}
		// the last look lands at Max Wait itself, so that a refresh ending just before it still counts
		const remainingMs = maxWaitMs - (session.deps.now() - startedAt);
		if (remainingMs <= 0) {
			if (options.onWaitTimeout === 'returnPending') return { kind: 'pending', envelope };
			if (options.onWaitTimeout === 'returnStale' && hasData) return { kind: 'stale', envelope };
			throw operationError(
				session.place,
				`The data of ${session.place.path} was not refreshed within ${Math.round(maxWaitMs / 1000)} s`,
				`${describeMeta(envelope)}. Raise Options → Max Wait, or choose "Return Stale Data" on time-out` +
					(hasData ? '.' : ' (there is no cached data to return yet).'),
			);
		}
		await session.deps.sleep(Math.min(session.deps.pollIntervalMs, remainingMs));
	}
}
