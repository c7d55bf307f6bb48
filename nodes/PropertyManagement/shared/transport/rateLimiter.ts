import { createHash } from 'node:crypto';

import type { EngineDeps } from './types';

/**
 * Plain data, so that two copies of this module (two installed versions of the package) can
 * share one registry on globalThis and still pace the same key together.
 */
interface KeyLimiterState {
	tail: Promise<void>;
	lastSentAt: number;
	pausedUntil: number;
}

const REGISTRY = Symbol.for('n8n-nodes-property-management.rateLimiters.v1');

function registry(): Map<string, KeyLimiterState> {
	// One limiter per key per process is the point: a module-level map would split when n8n loads
	// two copies of the package, and the service counts requests per key, not per copy.
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals
	const holder = globalThis as unknown as Record<symbol, Map<string, KeyLimiterState> | undefined>;
	holder[REGISTRY] ??= new Map();
	return holder[REGISTRY];
}

/** Only a digest is kept: the registry lives for the whole process and must not hold the key. */
export function keyDigest(apiKey: string): string {
	return createHash('sha256').update(apiKey).digest('hex');
}

function limiterOf(apiKey: string): KeyLimiterState {
	const digest = keyDigest(apiKey);
	const limiters = registry();
	let state = limiters.get(digest);
	if (!state) {
		state = { tail: Promise.resolve(), lastSentAt: Number.NEGATIVE_INFINITY, pausedUntil: 0 };
		limiters.set(digest, state);
	}
	return state;
}

/**
 * Resolves when the caller may send, first come first served across every caller of the key.
 * The send time is recorded on resolution, so call this immediately before sending.
 */
export async function acquireSendSlot(apiKey: string, deps: EngineDeps): Promise<void> {
	const state = limiterOf(apiKey);
	const previous = state.tail;
	let release!: () => void;
	state.tail = new Promise<void>((resolve) => (release = resolve));
	await previous;
	try {
		// re-check after every sleep: a 429 seen meanwhile may have extended the pause
		for (;;) {
			const readyAt = Math.max(state.lastSentAt + deps.spacingMs, state.pausedUntil);
			const wait = readyAt - deps.now();
			if (wait <= 0) break;
			await deps.sleep(wait);
		}
		state.lastSentAt = deps.now();
	} finally {
		release();
	}
}

/** Holds every caller of the key until `until` (a 429 speaks for the key, not for one request). */
export function pauseKey(apiKey: string, until: number): void {
	const state = limiterOf(apiKey);
	state.pausedUntil = Math.max(state.pausedUntil, until);
}
