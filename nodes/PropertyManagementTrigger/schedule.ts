import type { DayWindow } from './fetchWindow';
import type { TriggerSettings } from './settings';
import type { RangeRead, TriggerState } from './state';

/**
 * When a poll reads what (docs/trigger.md "Cost at scale"). Most new records are dated on the day
 * they are entered: the recent range (today) is read every Max Age. The full window (lookback and
 * look-ahead) catches back-dated and post-dated records; it is read again once the requests its
 * last read took, spread at one per two minutes, have passed: a small account's full window every
 * few minutes, a large one's every hour or two, never less often than every 6 hours.
 */
const SECONDS_PER_FULL_READ_REQUEST = 120;
export const LONGEST_FULL_READ_PERIOD_SECONDS = 6 * 3600;

export function fullWindow(settings: TriggerSettings, checkpoint: number, today: number): DayWindow {
	return {
		from: checkpoint - settings.lookbackDays,
		to: today + settings.aheadDays,
		openEnded: settings.definition.openEnded,
	};
}

export function recentWindow(today: number): DayWindow {
	return { from: today, to: today };
}

export function fullReadPeriodMs(settings: TriggerSettings, full: RangeRead | undefined): number {
	const spread = (full?.requests ?? 0) * SECONDS_PER_FULL_READ_REQUEST;
	return 1000 * Math.min(LONGEST_FULL_READ_PERIOD_SECONDS, Math.max(settings.maxAge, spread));
}

function isDue(readAt: number | undefined, periodMs: number, now: number): boolean {
	return readAt === undefined || now - readAt >= periodMs;
}

/** A full read covers today too: the recent range counts as read then. */
function recentReadAt(state: TriggerState): number | undefined {
	const instants = [state.reads.recent?.readAt, state.reads.full?.readAt].filter((at): at is number => at !== undefined);
	return instants.length ? Math.max(...instants) : undefined;
}

/** A widened window must be read in full before anything in its added days can count as new. */
export function isWidened(settings: TriggerSettings, state: TriggerState): boolean {
	if (!state.span) return false;
	return settings.lookbackDays > state.span.back || (!settings.definition.openEnded && settings.aheadDays > state.span.ahead);
}

export type ReadPlan = 'full' | 'recent' | 'none';

export function planRead(settings: TriggerSettings, state: TriggerState, now: number): ReadPlan {
	if (state.legacyKeys || isWidened(settings, state)) return 'full';
	if (isDue(state.reads.full?.readAt, fullReadPeriodMs(settings, state.reads.full), now)) return 'full';
	if (isDue(recentReadAt(state), settings.maxAge * 1000, now)) return 'recent';
	return 'none';
}

/**
 * X-API-MAX-AGE for a due read: the age of the snapshot held since `read` minus a second, so that
 * the service refreshes it rather than serving it again; never more than the user's Max Age.
 */
export function maxAgeFor(settings: TriggerSettings, read: RangeRead | undefined, now: number): number {
	if (!read) return settings.maxAge;
	const heldSeconds = Math.floor((now - read.readAt) / 1000);
	return Math.max(0, Math.min(settings.maxAge, heldSeconds - 1));
}
