import type { IDataObject } from 'n8n-workflow';
import { serviceDateOfDay } from '../kernel/days';
import type { DayWindow } from '../kernel/fetchWindow';
import type { TriggerSettings } from '../events/settings';
import type { TriggerState, WindowSpan } from './state';
import { fullReadPeriodMs, openReadPeriodMs, frequentReadPeriodMs } from '../kernel/readPeriods';

/**
 * When a poll reads what (docs/trigger.md "Three reads", "Cost of an idle poll"). Most new records are
 * dated on the day they are entered: the recent range (today) is read every Max Age, and a minute later
 * for each request its last read took beyond the two of a one-page read (the answer that starts the
 * refresh, the page): a day of many records (10,000 units' bills, 3 pages) costs about one request a
 * minute, not its pages every Max Age. The full window (lookback and look-ahead) catches back-dated and
 * post-dated records; it is read again once the requests its last read took, spread at one per two
 * minutes, have passed: a small account's full window every few minutes, a large one's every hour or
 * two, never less often than every 6 hours. The open set (bills still unpaid) dated before the window
 * catches bills dated before it; it reads nothing the full read lists, and is spread as the full window is.
 */
/** The user's Lookback and Look Ahead. */
export function settingsSpan(settings: TriggerSettings): WindowSpan {
	return { back: settings.lookbackDays, ahead: settings.aheadDays };
}

/**
 * The days a full read covers: the user's window, or the wider one the seen keys were ranked in while
 * a narrowed window still has records that share an identity (state.ts, "Settings").
 */
export function coveredSpan(settings: TriggerSettings, state: TriggerState): WindowSpan {
	const span = state.span ?? settingsSpan(settings);
	return { back: Math.max(settings.lookbackDays, span.back), ahead: Math.max(settings.aheadDays, span.ahead) };
}

export function fullWindow(settings: TriggerSettings, checkpoint: number, today: number, span = settingsSpan(settings)): DayWindow {
	return {
		from: checkpoint - span.back,
		to: today + span.ahead,
		openEnded: settings.definition.openEnded,
	};
}

export function recentWindow(today: number): DayWindow {
	return { from: today, to: today };
}

/** The query of the open set (bills: unpaid, any date), or undefined when the event or the filters have none. */
export function openSetQuery(settings: TriggerSettings): IDataObject | undefined {
	return settings.definition.openSet?.query(settings.filterQuery);
}

/**
 * The open read's query: the open set dated before `before`, the first day of the full window (the
 * full read lists the rest, the open set's records of the window included). Every list with an open
 * set is open-ended (bills), so the two reads together cover every date. Undefined without an open set.
 */
export function openReadQuery(settings: TriggerSettings, before: number): IDataObject | undefined {
	const query = openSetQuery(settings);
	return query && { ...query, [settings.definition.toParameter]: serviceDateOfDay(before - 1) };
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

export type ReadPlan = 'full' | 'open' | 'recent' | 'none';

/**
 * One read per poll: one wait for fresh data (at most Max Wait) and one list's pages. When the full window and the open set are
 * both due, the one read longer ago goes first: neither can starve the other whatever the poll interval.
 */
export function planRead(settings: TriggerSettings, state: TriggerState, now: number): ReadPlan {
	if (state.legacyKeys || isWidened(settings, state)) return 'full';
	const { full, open } = state.reads;
	const fullDue = isDue(full?.readAt, fullReadPeriodMs(settings, full), now);
	const openDue = openSetQuery(settings) !== undefined && isDue(open?.readAt, openReadPeriodMs(settings, open), now);
	if (fullDue && openDue) return (open?.readAt ?? -Infinity) < (full?.readAt ?? -Infinity) ? 'open' : 'full';
	if (fullDue) return 'full';
	if (openDue) return 'open';
	if (isDue(recentReadAt(state), frequentReadPeriodMs(settings, state.reads.recent), now)) return 'recent';
	return 'none';
}

