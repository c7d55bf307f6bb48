import { createHash } from 'node:crypto';

import { ExecutionCancelled } from './cancellation';
import { SLOT_MS, SlotGrid, type SlotPlan } from './slotGrid';
import type { EngineDeps } from '../types';
import { WakeTiming } from './wakeTiming';

/** Call once the request's answer (its HTTP status) or its failure has arrived; later calls do nothing. */
export type EndOfTurn = (status?: number) => void;

/** A request in line for a turn of its key. */
interface Waiter {
	grant: () => void;
	/** leaves the line: the key was paused past the waiter's deadline, or its execution was stopped */
	leave: (reason: SendTurnTimedOut | ExecutionCancelled) => void;
	deadline: number;
}

interface KeyLimiterState {
	/** per caller, in the order callers joined; a caller just served goes to the back */
	waiting: Map<string, Waiter[]>;
	/** a turn is out: its caller waits for the spacing or its request is in flight */
	turnOut: boolean;
	/** the caller of the last turn, who lets any other caller in line go first */
	lastCaller?: string;
	lastAnsweredAt: number;
	pausedUntil: number;
	/** set once a caller says other processes share the key (slotGrid.ts): every turn then keeps to it */
	grid?: SlotGrid;
	/** how this process's wake-ups for the grid's slots fall (wakeTiming.ts) */
	wakeTiming?: WakeTiming;
}

/**
 * A pause of the key (after a 429) lasts past the caller's deadline (the operation's Max Wait): nothing
 * was sent; the engine names Max Wait. The spacing from the previous answer never counts against the
 * deadline: it is the key's ordinary pace, and a read with a short Max Wait still gets every page.
 */
export class SendTurnTimedOut extends Error {
	constructor(
		/** when the pause ends, epoch ms */
		readonly pausedUntil: number,
	) {
		super('the key is paused past the deadline');
	}
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
	const waiters = state.waiting.get(caller)!;
	const next = waiters.shift()!;
	state.waiting.delete(caller);
	if (waiters.length > 0) state.waiting.set(caller, waiters);
	state.turnOut = true;
	state.lastCaller = caller;
	next.grant();
}

/**
 * Sends away every waiter in line whose deadline the key's pause outlasts: behind a caller that waits the
 * pause out with a longer Max Wait, it would otherwise learn only at its turn, long past its own.
 */
function timeOutPausedWaiters(state: KeyLimiterState): void {
	for (const [caller, waiters] of [...state.waiting]) {
		for (const waiter of waiters) {
			if (waiter.deadline < state.pausedUntil) leaveLine(state, caller, waiter, new SendTurnTimedOut(state.pausedUntil));
		}
	}
}

function leaveLine(state: KeyLimiterState, caller: string, waiter: Waiter, reason: SendTurnTimedOut | ExecutionCancelled): void {
	const staying = (state.waiting.get(caller) ?? []).filter((other) => other !== waiter);
	if (staying.length > 0) state.waiting.set(caller, staying);
	else state.waiting.delete(caller);
	waiter.leave(reason);
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
	deadline = Number.POSITIVE_INFINITY,
	signal?: AbortSignal,
): Promise<EndOfTurn> {
	const state = limiterOf(apiKey);
	if (sharedWithOtherProcesses && !state.grid) {
		state.grid = new SlotGrid();
		state.wakeTiming = new WakeTiming();
	}
	checkPause(state, deadline);
	if (signal?.aborted) throw new ExecutionCancelled();
	// a stopped execution leaves the line at once: its wait for the turn is no sleep that could end it
	let onStop: (() => void) | undefined;
	const granted = new Promise<void>((grant, leave) => {
		const waiter: Waiter = { grant, leave, deadline };
		state.waiting.set(caller, [...(state.waiting.get(caller) ?? []), waiter]);
		onStop = () => leaveLine(state, caller, waiter, new ExecutionCancelled());
		signal?.addEventListener('abort', onStop, { once: true });
	});
	handOutNextTurn(state);
	try {
		await granted;
	} finally {
		signal?.removeEventListener('abort', onStop!);
	}
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
		if (state.grid) plan = await waitForSlot(state, state.grid, deps, deadline);
		else await waitForSpacing(state, deps, deadline);
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

/** A pause (after a 429) that outlasts the caller's deadline ends the wait at once. */
function checkPause(state: KeyLimiterState, deadline: number): void {
	if (state.pausedUntil > deadline) throw new SendTurnTimedOut(state.pausedUntil);
}

async function waitForSpacing(state: KeyLimiterState, deps: EngineDeps, deadline: number): Promise<void> {
	// re-check after every sleep: a 429 seen meanwhile may have extended the pause
	for (;;) {
		checkPause(state, deadline);
		const wait = earliestSend(state, deps) - deps.now();
		if (wait <= 0) return;
		await deps.sleep(wait);
	}
}

/**
 * Sleeps to this process's next slot of the grid. A wake-up that finds the key paused meanwhile plans
 * again, and so does one too late into its slot, a bounded number of times (wakeTiming.ts); the spacing
 * from the previous answer always holds. The grid is a preference: a slot past the caller's deadline
 * (the operation's Max Wait) is not waited for, the send goes off the grid once the spacing allows.
 * Returns the plan to tell the grid the outcome of, or none for a send off the grid or one that woke so
 * late that it left its slot.
 */
async function waitForSlot(
	state: KeyLimiterState,
	grid: SlotGrid,
	deps: EngineDeps,
	deadline: number,
): Promise<SlotPlan | undefined> {
	const timing = state.wakeTiming!;
	for (;;) {
		checkPause(state, deadline);
		const spacedUntil = earliestSend(state, deps);
		const plan = grid.plan(Math.max(deps.now(), spacedUntil), deps.random, spacedUntil > deps.now());
		if (plan.sendAt > deadline) {
			await waitForSpacing(state, deps, deadline);
			return undefined;
		}
		// each sleep asks for less than what is left, or for all of it: every round ends nearer sendAt
		while (deps.now() < plan.sendAt) {
			const askedAt = deps.now() + timing.sleepFor(plan.sendAt, deps.now());
			await deps.sleep(askedAt - deps.now());
			timing.woke(askedAt, deps.now());
		}
		const now = deps.now();
		if (earliestSend(state, deps) > now || !timing.maySend(plan, now)) continue;
		return now < (plan.slot + 1) * SLOT_MS ? plan : undefined;
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
	timeOutPausedWaiters(state);
}
