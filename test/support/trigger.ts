/**
 * The trigger's entrance for development code that drives it from outside (the bench's trigger rows):
 * the caller runs the trigger through n8n-core's real poll (runPoll, test/support/n8n.ts) and reads
 * its output and the workflow's static data; this module gives it what neither shows, and is the one
 * file outside nodes/PropertyManagementTrigger/ that names the trigger's modules:
 * - the event types, from the node's description (the Event parameter's options), so a type added to
 *   the trigger (events/eventRegistry.ts and events/description.ts) is picked up without a list here, and which of them
 *   fire once per new record of a dated list (events/recordLists.ts EVENT_DEFINITIONS);
 * - how each type's list is queried (path, date parameters, an open set), for a caller that reads the
 *   list itself or tells the reads in the sandbox's log apart;
 * - the identity the trigger gives a record (its dedupe key), to count what was emitted twice;
 * - the reads the state holds and their periods, and time passing for the trigger (its state's
 *   instants moved into the past, as test/trigger/harness.ts does).
 * Nothing here ships: the package's runtime has no entrance of its own for the bench.
 */
import type { IDataObject, INodeTypeDescription } from 'n8n-workflow';
import { dayInZone, serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { EVENT_DEFINITIONS, type EventDefinition } from '../../nodes/PropertyManagementTrigger/events/recordLists';
import { fullReadPeriodMs, LONGEST_FULL_READ_PERIOD_SECONDS, openReadPeriodMs } from '../../nodes/PropertyManagementTrigger/kernel/readPeriods';
import type { TriggerSettings } from '../../nodes/PropertyManagementTrigger/events/settings';
import type { RangeRead } from '../../nodes/PropertyManagementTrigger/kernel/fetchWindow';
import { NODE_NAME } from './n8n';

/** Longer than any full-read period of the trigger's schedule: after it every range is due. */
export const FULL_READ_DUE_MS = LONGEST_FULL_READ_PERIOD_SECONDS * 1000 + 1000;

/** The event types the trigger offers, in the order of its Event parameter. */
export function triggerEventTypes(description: INodeTypeDescription): string[] {
	const event = description.properties.find((property) => property.name === 'event');
	return (event?.options ?? []).map((option) => String((option as { value: unknown }).value));
}

/** Whether an event type fires once per new record of a dated list (a type of events/recordLists.ts EVENT_DEFINITIONS). */
export function isRecordEvent(event: string): boolean {
	return Object.prototype.hasOwnProperty.call(EVENT_DEFINITIONS, event);
}

/**
 * How the trigger queries the list of one event type: its definition's query fields (dateField is also
 * the field a new record of the list is dated by), and whether it also reads an open set.
 */
export type WatchedList = Pick<EventDefinition, 'label' | 'path' | 'fromParameter' | 'toParameter' | 'dateRange' | 'openEnded' | 'dateField'> & {
	/** whether the trigger also reads an open set of the list without a date bound (bills: unpaid) */
	hasOpenSet: boolean;
};

function definitionOf(event: string): EventDefinition {
	const definition = (EVENT_DEFINITIONS as Record<string, EventDefinition | undefined>)[event];
	if (!definition) throw new Error(`${event} is no event type of new records (events/recordLists.ts EVENT_DEFINITIONS)`);
	return definition;
}

export function watchedListOf(event: string): WatchedList {
	const { label, path, fromParameter, toParameter, dateRange, openEnded, dateField, openSet } = definitionOf(event);
	return { label, path, fromParameter, toParameter, dateRange, openEnded, dateField, hasOpenSet: openSet !== undefined };
}

/** The trigger's identity of a record (Emit Again When the Date Changes off, the default). */
export function identityOf(event: string, record: IDataObject): string {
	return definitionOf(event).dedupeKey(record, { dateChanges: false });
}

/** The trigger's state in the workflow's static data (nodes/PropertyManagementTrigger/newRecords/state.ts). */
function stateOf(staticData: IDataObject): IDataObject | undefined {
	return staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
}

/** The reads the state holds: `recent`, `full` and (with an open set) `open`, each with its `requests` and `readAt`. */
export function readsOf(staticData: IDataObject): Record<string, IDataObject> {
	return (stateOf(staticData)?.reads ?? {}) as Record<string, IDataObject>;
}

/** How often the trigger reads its full window and its open set, given the reads in the state and Max Age (docs/trigger.md). */
export function readPeriodsMs(event: string, staticData: IDataObject, maxAgeSeconds: number): { full: number; open?: number } {
	// the periods read Max Age and nothing else of the settings
	const settings = { maxAge: maxAgeSeconds } as TriggerSettings;
	const reads = readsOf(staticData) as unknown as { full?: RangeRead; open?: RangeRead };
	const full = fullReadPeriodMs(settings, reads.full);
	return watchedListOf(event).hasOpenSet ? { full, open: openReadPeriodMs(settings, reads.open) } : { full };
}

/** The reads in the state age by `ms` (their instants move into the past); the last poll does not, so no pause is seen. */
export function ageReads(staticData: IDataObject, ms: number): void {
	for (const read of Object.values(readsOf(staticData))) read.readAt = Number(read.readAt) - ms;
}

/** Time passes for the trigger: every instant its state holds moves `ms` into the past (its clock is the real one). */
export function elapse(staticData: IDataObject, ms: number): void {
	const state = stateOf(staticData);
	if (typeof state?.polledAt === 'number') state.polledAt -= ms;
	ageReads(staticData, ms);
	const outage = state?.outage as IDataObject | undefined;
	if (outage) outage.since = Number(outage.since) - ms;
}

/** MM/DD/YYYY of the day `offsetDays` from today in `timeZone`, as the trigger counts days. */
export function serviceDateFromToday(offsetDays: number, timeZone: string): string {
	return serviceDateOfDay(dayInZone(Date.now(), timeZone) + offsetDays);
}
