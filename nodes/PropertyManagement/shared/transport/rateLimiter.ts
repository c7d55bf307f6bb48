import { createHash } from 'node:crypto';

import { SlotGrid, type SlotPlan } from './slotGrid';
import type { EngineDeps } from './types';

/** Call once the request's answer (its HTTP status) or its failure has arrived; later calls do nothing. */
export type EndOfTurn = (status?: number) => void;

interface KeyLimiterState {
	/** per caller, in the order callers joined; a caller just served goes to the back */
	waiting: Map<string, Array<() => void>>;
	/** a turn is out: its caller waits for the spacing or its request is in flight */
	turnOut: boolean;
	/** the caller of the last turn, who lets any other caller in line go first */
	lastCaller?: string;
	lastAnsweredAt: number;
	pausedUntil: number;
	/** set once a caller says other processes share the key (slotGrid.ts): every turn then keeps to it */
	grid?: SlotGrid;
}

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
		state = { waiting: new Map(), turnOut: false, lastAnsweredAt: Number.NEGATIVE_INFINITY, pausedUntil: 0 };
		limiters.set(digest, state);
	}
	return state;
}

/** Hands the next turn to the first other caller in line (or the last one again), then sends it to the back. */
function handOutNextTurn(state: KeyLimiterState): void {
	if (state.turnOut || state.waiting.size === 0) return;
	const callers = [...state.waiting.keys()];
	const caller = callers.find((candidate) => candidate !== state.lastCaller) ?? callers[0];
	const grants = state.waiting.get(caller)!;
	const grant = grants.shift()!;
	state.waiting.delete(caller);
	if (grants.length > 0) state.waiting.set(caller, grants);
	state.turnOut = true;
	state.lastCaller = caller;
	grant();
}

/**
 * Resolves when the caller may send. Turns go round the callers of the key (an execution, a trigger
 * poll, a list search), one request each, so a caller with one request waits about one turn per other
 * active caller, not behind every request of a bulk read.
 *
 * The spacing runs from the previous request's answer, not from its turn: the service saw that
 * request before it answered, so a send `spacingMs` after the answer reaches it at least that long
 * after the previous one, however late either left this process (a loaded machine once delayed a
 * request 680 ms between its turn and the wire, and the next one reached the service 447 ms later).
 * The price is one request of the key in flight at a time.
 *
 * `sharedWithOtherProcesses` (the credential's Shared by Several n8n Processes): the turn also waits
 * for this process's next slot of the key's clock grid (slotGrid.ts), which processes that cannot see
 * each other share out.
 */
export async function takeSendTurn(
	apiKey: string,
	caller: string,
	deps: EngineDeps,
	sharedWithOtherProcesses = false,
): Promise<EndOfTurn> {
	const state = limiterOf(apiKey);
	if (sharedWithOtherProcesses && !state.grid) state.grid = new SlotGrid();
	const granted = new Promise<void>((grant) => {
		const grants = state.waiting.get(caller) ?? [];
		grants.push(grant);
		state.waiting.set(caller, grants);
	});
	handOutNextTurn(state);
	await granted;
	let ended = false;
	let plan: SlotPlan | undefined;
	const endTurn = (answered: boolean, status?: number) => {
		if (ended) return;
		ended = true;
		if (answered) state.lastAnsweredAt = deps.now();
		// a failure without an answer teaches the grid nothing: the slot may or may not have been taken
		if (plan && status !== undefined) state.grid?.answered(plan, status, deps.random);
		state.turnOut = false;
		handOutNextTurn(state);
	};
	let ready = false;
	try {
		if (state.grid) plan = await waitForSlot(state, state.grid, deps);
		else await waitForSpacing(state, deps);
		ready = true;
	} finally {
		// a wait that ended in a cancellation gives the turn back
		if (!ready) endTurn(false);
	}
	return (status?: number) => endTurn(true, status);
}

function earliestSend(state: KeyLimiterState, deps: EngineDeps): number {
	return Math.max(state.lastAnsweredAt + deps.spacingMs, state.pausedUntil);
}

async function waitForSpacing(state: KeyLimiterState, deps: EngineDeps): Promise<void> {
	// re-check after every sleep: a 429 seen meanwhile may have extended the pause
	for (;;) {
		const wait = earliestSend(state, deps) - deps.now();
		if (wait <= 0) return;
		await deps.sleep(wait);
	}
}

/**
 * Sleeps to this process's next slot of the grid. A wake-up too late into its slot plans again, and so
 * does one that finds the key paused meanwhile; the spacing from the previous answer holds as well.
 */
async function waitForSlot(state: KeyLimiterState, grid: SlotGrid, deps: EngineDeps): Promise<SlotPlan> {
	for (;;) {
		const spacedUntil = earliestSend(state, deps);
		const plan = grid.plan(Math.max(deps.now(), spacedUntil), deps.random, spacedUntil > deps.now());
		const wait = plan.sendAt - deps.now();
		if (wait > 0) await deps.sleep(wait);
		const now = deps.now();
		if (now >= plan.sendAt && now <= plan.latestSendAt && earliestSend(state, deps) <= now) return plan;
	}
}

/** Whether turns of the key keep to the clock grid of processes sharing it. */
export function keySharedByProcesses(apiKey: string): boolean {
	return limiterOf(apiKey).grid !== undefined;
}

/** Holds every caller of the key until `until` (a 429 speaks for the key, not for one request). */
export function pauseKey(apiKey: string, until: number): void {
	const state = limiterOf(apiKey);
	state.pausedUntil = Math.max(state.pausedUntil, until);
}
