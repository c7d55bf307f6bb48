import { isRetryableFailure, type ExchangeOutcome } from '../exchangeOutcome';

export const MAX_ATTEMPTS_ON_FAILURE = 4;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;
const JITTER_SHARE = 0.25;
/**
 * Added to Retry-After: processes sharing a key (queue-mode workers) cannot share a limiter, and if all
 * of them came back at the same instant they would collide again; up to one request slot spreads them.
 */
const RETRY_AFTER_JITTER_MS = 1_000;

export type RetryDecision = { retry: false } | { retry: true; delayMs: number; pausesKey: boolean };

/** Exponential from 1 s, capped, with up to 25 % added jitter so that parallel callers drift apart. */
export function backoffMs(retryNumber: number, random: () => number): number {
	const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryNumber);
	return Math.round(base * (1 + JITTER_SHARE * random()));
}

/**
 * `attempt` counts the attempts already made (1 after the first). A 429 is retried for as long as the
 * operation may wait (`waitLeftMs`, what is left of its Max Wait), not a fixed number of times: the
 * key is busy, not broken. A POST is repeated only when the service certainly did not act on it: a
 * 429, or a connection it refused. A time-out, a dropped connection or a 5xx may follow a create that
 * happened, and a repeat would create it twice.
 */
export function retryDecision(
	method: string,
	outcome: ExchangeOutcome,
	attempt: number,
	random: () => number,
	waitLeftMs: number,
	keyOnClockGrid = false,
): RetryDecision {
	if (outcome.kind === 'response' && outcome.status === 429) {
		const delayMs = keyOnClockGrid
			? gridRetryDelayMs(outcome.retryAfterSeconds)
			: outcome.retryAfterSeconds !== undefined
				? outcome.retryAfterSeconds * 1_000 + Math.round(RETRY_AFTER_JITTER_MS * random())
				: backoffMs(attempt - 1, random);
		if (delayMs > waitLeftMs) return { retry: false };
		return { retry: true, delayMs, pausesKey: true };
	}
	if (!isRetryableFailure(outcome)) return { retry: false };
	if (attempt >= MAX_ATTEMPTS_ON_FAILURE) return { retry: false };
	const serviceSurelyDidNotAct = outcome.kind === 'network' && outcome.code === 'ECONNREFUSED';
	if (method !== 'GET' && !serviceSurelyDidNotAct) return { retry: false };
	return { retry: true, delayMs: backoffMs(attempt - 1, random), pausesKey: false };
}

/**
 * On the clock grid (slotGrid.ts) a 429 means another process had the slot, and the grid picks the
 * next one: no back-off and no jitter of its own, only the service's Retry-After as a floor.
 */
function gridRetryDelayMs(retryAfterSeconds: number | undefined): number {
	return (retryAfterSeconds ?? 0) * 1_000;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+$/.test(text)) return Number(text);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, Math.ceil((date - now) / 1_000));
}
