import { createHash } from 'node:crypto';

import type { EngineDeps } from './types';

interface KeyLimiterState {
	/** settles when the latest turn handed out has been answered */
	tail: Promise<void>;
	lastAnsweredAt: number;
	pausedUntil: number;
}

/** Call once the request's answer (or its failure) has arrived; later calls do nothing. */
export type EndOfTurn = () => void;

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
		state = { tail: Promise.resolve(), lastAnsweredAt: Number.NEGATIVE_INFINITY, pausedUntil: 0 };
		limiters.set(digest, state);
	}
	return state;
}

/**
 * Resolves when the caller may send, first come first served across every caller of the key.
 *
 * The spacing runs from the previous request's answer, not from its turn: the service saw that
 * request before it answered, so a send `spacingMs` after the answer reaches it at least that long
 * after the previous one, however late either left this process (a loaded machine once delayed a
 * request 680 ms between its turn and the wire, and the next one reached the service 447 ms later).
 * The price is one request of the key in flight at a time.
 */
export async function takeSendTurn(apiKey: string, deps: EngineDeps): Promise<EndOfTurn> {
	const state = limiterOf(apiKey);
	const previous = state.tail;
	let release!: () => void;
	state.tail = new Promise<void>((resolve) => (release = resolve));
	await previous;
	let ready = false;
	try {
		// re-check after every sleep: a 429 seen meanwhile may have extended the pause
		for (;;) {
			const readyAt = Math.max(state.lastAnsweredAt + deps.spacingMs, state.pausedUntil);
			const wait = readyAt - deps.now();
			if (wait <= 0) break;
			await deps.sleep(wait);
		}
		ready = true;
	} finally {
		// a wait that ended in a cancellation gives the turn back
		if (!ready) release();
	}
	let ended = false;
	return () => {
		if (ended) return;
		ended = true;
		state.lastAnsweredAt = deps.now();
		release();
	};
}

/** Holds every caller of the key until `until` (a 429 speaks for the key, not for one request). */
export function pauseKey(apiKey: string, until: number): void {
	const state = limiterOf(apiKey);
	state.pausedUntil = Math.max(state.pausedUntil, until);
}
