import { createHash } from 'node:crypto';

import type { EngineDeps } from './types';

interface KeyLimiterState {
	tail: Promise<void>;
	lastSentAt: number;
	pausedUntil: number;
	sends: number;
}

/**
 * The first send of a key in a process pays one-off set-up (module loading, credential resolution,
 * a new connection) between its turn and the wire; measured at ~50 ms, enough for the second request
 * to reach the service < 1000 ms after the first. Later sends leave at once, so only the first gap widens.
 */
const FIRST_SEND_EXTRA_MS = 150;

// Module state on purpose: the node, the trigger and the list searches all require this one file, so
// every caller in the process that uses a given key shares one limiter, as the service counts per key.
const limiters = new Map<string, KeyLimiterState>();

/** What the process-wide registry holds: digests only, which tests check. */
export function limitedKeyDigests(): string[] {
	return [...limiters.keys()];
}

/** Only a digest is kept: the registry lives for the whole process and must not hold the key. */
export function keyDigest(apiKey: string): string {
	return createHash('sha256').update(apiKey).digest('hex');
}

function limiterOf(apiKey: string): KeyLimiterState {
	const digest = keyDigest(apiKey);
	let state = limiters.get(digest);
	if (!state) {
		state = { tail: Promise.resolve(), lastSentAt: Number.NEGATIVE_INFINITY, pausedUntil: 0, sends: 0 };
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
			const spacing = state.sends === 1 && deps.spacingMs > 0 ? deps.spacingMs + FIRST_SEND_EXTRA_MS : deps.spacingMs;
			const readyAt = Math.max(state.lastSentAt + spacing, state.pausedUntil);
			const wait = readyAt - deps.now();
			if (wait <= 0) break;
			await deps.sleep(wait);
		}
		state.lastSentAt = deps.now();
		state.sends += 1;
	} finally {
		release();
	}
}

/** Holds every caller of the key until `until` (a 429 speaks for the key, not for one request). */
export function pauseKey(apiKey: string, until: number): void {
	const state = limiterOf(apiKey);
	state.pausedUntil = Math.max(state.pausedUntil, until);
}
