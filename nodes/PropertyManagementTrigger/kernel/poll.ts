/**
 * The poll kernel: what every event family's poll shares. It reads the settings, takes the clock,
 * answers Fetch Test Event through the family's sample, keeps two polls of one node from running at
 * once, fits the poll into n8n's budget, reads the family's state and chooses between recording the
 * present (no state, or a user's pause under Start From Now) and polling from it. Each family (new
 * records, status changes, list changes) owns its reads and the format of its state behind one interface.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';
import { NUMBER_RULES } from '../../shared/transport/settings/numberRules';
import type { EventFamily } from '../events/eventRegistry';
import { familyOf } from '../events/eventRegistry';
import { readSettings, type TriggerSettings } from '../events/settings';
import { dayInZone, type Clock } from './days';
import { LONGEST_FULL_READ_PERIOD_SECONDS } from './readPeriods';

/** One poll, as the kernel hands it to a family. */
export interface PollTurn {
	ctx: IPollFunctions;
	settings: TriggerSettings;
	clock: Clock;
}

/** How a family keeps its state in the workflow's static data: its row of kernel/stateStore.ts's table. */
export interface StateFormat<S> {
	/** the state saved for `scope` in a version this family reads; undefined for none, another version or another scope */
	read(staticData: IDataObject, scope: string): S | undefined;
	/** when the poll that saved `state` started (n8n's clock, epoch ms): a pause is measured from it */
	polledAt(state: S): number;
}

/**
 * One family of events behind the kernel. The kernel reads the family's state and chooses: none (or
 * Start From Now after a pause) records the present, else the family polls from the state.
 */
export interface FamilyPoller<S = unknown> {
	stateFormat: StateFormat<S>;
	/** Fetch Test Event: a sample item; the state is not touched */
	sample(turn: PollTurn): Promise<INodeExecutionData[][]>;
	/** The first poll for these settings: what exists now is recorded, nothing is emitted. `pausedFrom`: the state a pause left, after which the present is recorded again */
	recordPresent(turn: PollTurn, pausedFrom?: S): Promise<INodeExecutionData[][] | null>;
	/** A live poll from the state the last one saved: emits what changed since */
	poll(turn: PollTurn, state: S): Promise<INodeExecutionData[][] | null>;
}

/** Off for less than this (deactivated to fix something) is no pause: what was entered meanwhile still fires. */
export const PAUSE_BOUND_MS = 3600_000;

/**
 * Polls of one trigger node that are still running. n8n starts a poll on every tick even when the
 * previous one has not finished; two polls working on the same state would emit a record twice.
 */
const pollsInFlight = new Set<string>();

/**
 * Poll contexts that have polled. n8n makes one per activation and polls through it until the workflow
 * is deactivated (n8n-core activatePolling in 1.123, activatePollTrigger in 2.41; 2.41's durable poll
 * jobs make one per poll, with activation mode 'update'), so an unknown context is the activation's first poll.
 */
const pollingContexts = new WeakSet<object>();

/**
 * The first poll after a user activated the workflow again, having left it off for more than an hour.
 * 'activate' is a user's activation; an n8n restart ('init'), an edit of the active workflow ('update')
 * or another main taking over ('leadershipChange') are not pauses. Every poll of an activation carries
 * its mode, hence the first-poll check.
 */
function isPauseSince(ctx: IPollFunctions, firstPoll: boolean, polledAt: number, now: number): boolean {
	return firstPoll && ctx.getActivationMode() === 'activate' && now - polledAt > PAUSE_BOUND_MS;
}

/**
 * What n8n-core's PollContext gives a poll when nothing else does (2.41: five minutes). A smaller
 * budget is the durable scheduler's: its poll timeout (N8N_SCHEDULER_POLL_TIMEOUT, 45 s by default)
 * less a margin (a fifth, at least 5 s), after which it abandons the poll and discards its state.
 */
const UNFENCED_BUDGET_MS = 300_000;

/** The time n8n gives this poll (n8n 2.41's getPollBudgetMs); undefined where n8n gives none (1.x). */
function pollBudgetMs(ctx: IPollFunctions): number | undefined {
	const offer = (ctx as { getPollBudgetMs?: () => unknown }).getPollBudgetMs;
	if (typeof offer !== 'function') return undefined;
	const budget = Number(offer.call(ctx));
	return Number.isFinite(budget) && budget > 0 ? budget : undefined;
}

/** The poll timeout a budget was cut from, by the durable scheduler's margin rule (the inverse of it). */
function timeoutOfBudgetMs(budget: number): number {
	if (budget >= 20_000) return budget / 0.8;
	return budget >= 5_000 ? budget + 5_000 : budget * 2;
}

/**
 * The settings a poll runs with: each wait for fresh data, and a status event's whole poll, is bounded
 * by the smaller of Max Wait and n8n's budget for the poll, and so is the paging of every read under
 * the durable scheduler, so that the poll returns, with its state, before n8n abandons it. A Max Wait longer than the scheduler's poll timeout cannot be what the user
 * meant: it is refused, naming both.
 */
function withinBudget(ctx: IPollFunctions, settings: TriggerSettings, now: number): TriggerSettings {
	const budget = pollBudgetMs(ctx);
	if (budget === undefined) return settings;
	const timeoutSeconds = Math.round(timeoutOfBudgetMs(budget) / 1000);
	if (budget < UNFENCED_BUDGET_MS && settings.maxWait > timeoutSeconds) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${NUMBER_RULES.maxWait.field} is ${settings.maxWait}, longer than n8n lets a poll run (about ${timeoutSeconds} seconds)`,
			{
				description: `Nothing was sent. n8n's scheduler abandons a poll after its poll timeout (N8N_SCHEDULER_POLL_TIMEOUT) and keeps nothing the poll learned. Lower Max Wait to at most ${timeoutSeconds}, or ask your n8n administrator to raise the timeout. The trigger already stops each wait in time: the default Max Wait needs no change.`,
			},
		);
	}
	const seconds = Math.max(1, Math.floor(budget / 1000));
	// a scheduler that abandons polls: every read stops paging in time too (fetchWindow.ts)
	const pollBudget = budget < UNFENCED_BUDGET_MS ? { startedAt: now, endsBy: now + budget } : undefined;
	return { ...settings, maxWait: Math.min(seconds, settings.maxWait), pollBudget };
}

/**
 * The settings of a poll of the durable scheduler that finds no state at all. n8n keeps what a poll
 * staged only when the scheduler ran it: the activation's own poll, which records the present and emits
 * nothing, is discarded. Recording the present again would take what was entered since the activation
 * for present, and it would never fire. So this poll records the present from the snapshots the service
 * still holds of the activation's reads (any age up to the longest read period); the next poll reads
 * fresh data and fires what was entered since. Where the service holds none, it reads the present fresh.
 */
function afterDiscardedActivation(ctx: IPollFunctions, settings: TriggerSettings): TriggerSettings {
	const budget = pollBudgetMs(ctx);
	const scheduled = budget !== undefined && budget < UNFENCED_BUDGET_MS;
	if (!scheduled || Object.keys(ctx.getWorkflowStaticData('node')).length) return settings;
	return { ...settings, maxAge: Math.max(settings.maxAge, LONGEST_FULL_READ_PERIOD_SECONDS) };
}

/** Runs one poll of the trigger node through the family its event belongs to. */
export async function runPoll(ctx: IPollFunctions, families: Record<EventFamily, FamilyPoller>): Promise<INodeExecutionData[][] | null> {
	const now = Date.now();
	const settings = withinBudget(ctx, readSettings(ctx), now);
	const clock = { now, today: dayInZone(now, settings.timeZone) };
	// readSettings has refused an event the registry lacks
	const family = families[familyOf(settings.event) as EventFamily];
	const turn = { ctx, settings, clock };
	if (ctx.getMode() === 'manual') return await family.sample(turn);
	const polled = { ...turn, settings: afterDiscardedActivation(ctx, settings) };

	const pollKey = `${ctx.getWorkflow().id ?? ''}/${ctx.getNode().id}`;
	// the running poll covers this one's window; the next tick picks up whatever is left
	if (pollsInFlight.has(pollKey)) return null;
	const firstPoll = !pollingContexts.has(ctx);
	pollingContexts.add(ctx);
	pollsInFlight.add(pollKey);
	try {
		const state = family.stateFormat.read(ctx.getWorkflowStaticData('node'), settings.scope);
		if (state === undefined) return await family.recordPresent(polled);
		const paused = settings.afterPause === 'startFromNow' && isPauseSince(ctx, firstPoll, family.stateFormat.polledAt(state), now);
		return paused ? await family.recordPresent(polled, state) : await family.poll(polled, state);
	} finally {
		pollsInFlight.delete(pollKey);
	}
}
