/**
 * Poll state of the Property Management Trigger, kept in the workflow's static data (node scope).
 *
 * What the trigger guarantees. Every record that matches the trigger's event and filters is handed to
 * n8n exactly once, provided it shows up in the service's fresh data while the workflow is active
 * and its date (occurredDate, billDate or received) lies between "Lookback (Days)" before the
 * checkpoint and "Look Ahead (Days)" after today (bills: no upper bound). The checkpoint is the
 * day of the service snapshot the last completed full-window read processed. Records dated further
 * back are never emitted, except bills still unpaid when the open read lists them (every bill date before the window;
 * their keys are kept while they stay unpaid, so that read never emits them twice); a tenant event
 * dated further ahead fires once it comes that close. A record whose date moves out of the window
 * while inside it and comes back within a year does not fire again (MOVED_RECORD_KEEP_DAYS in newRecords.ts);
 * a bill or guest card whose date had fallen behind the window is forgotten, and fires again if its
 * date is later moved into the window.
 * docs/trigger.md says how soon a record is emitted (recent days vs. the full window).
 *
 * While the workflow is inactive no poll runs, but the state stays. A user who activates it again after
 * more than an hour chooses with "After a Pause": the records entered meanwhile are emitted (the next
 * full read reaches back from the old checkpoint) or recorded as existing, as a first activation does
 * (kernel/poll.ts isPauseSince). An n8n restart is no pause: it always catches up.
 *
 * Where n8n's saving limits it (read in n8n's ActiveWorkflowManager.getExecutePollFunctions): when a
 * poll returns items, `__emit` starts saving the static data and starts the workflow run without
 * awaiting either, and a failed save is only logged. A poll that returns null changes the static
 * data in memory; n8n saves that with the next emitting poll (and after activation). So:
 * - n8n dies after the save reached its database but before the run was stored or queued: that
 *   poll's records are not emitted again, and their run never happened (lost, at most once);
 * - n8n dies, or the save fails, before the save reached the database: that poll's records are
 *   emitted again after the restart (at least once).
 * Outside that instant, exactly once. A node cannot close the gap: n8n does not tell it when its
 * items are stored.
 *
 * Why a restart otherwise loses and doubles nothing: every state written here is complete on its
 * own. The seen keys (`seen`: kept until a day; `dated`: placed on their record's date, seen.ts) hold
 * every record of the covered window that was emitted or recorded as present; the checkpoint and the covered span move only after a read received every page of one
 * fresh snapshot. Whichever saved state n8n restores, the next full read reaches back from its
 * checkpoint and its seen keys exclude exactly what it had emitted.
 *
 * Data not fresh within "Max Wait": the poll emits nothing, reads no stale pages and changes no
 * state. Under n8n's poll budget the open read, whose pages grow with the account's history, may end
 * before its last page: what its pages listed counts, and the next poll goes on from the page where it
 * stopped, in the same snapshot (openUnderWay), or reads it again from its first page. A 5xx, a time-out or any other error: the poll fails and changes no state. A read acts
 * only on one complete snapshot (the engine restarts pagination when a later page is stale).
 *
 * Settings: the state belongs to the event and filters (scope); other filters start over with a
 * new activation-like read. The window (lookback, look-ahead) is not part of the scope: widening it
 * records what the added days hold as seen, as activation does, and emits nothing old; narrowing
 * it keeps every seen key, so nothing is emitted twice and nothing inside the window is lost. The
 * span is the window the seen keys were ranked in: narrowed only once a full read lists no records
 * that share an identity (coveredSpan in schedule.ts).
 *
 * Identities (recordLists.ts, docs/trigger.md "Identities"): version 3 keys a tenant event without its
 * date, and a record without an id by the fields that do not change over its life.
 * Older state is carried over: version 1 (keys without the tenant, "" for a missing id) and version 2
 * (tenant events with their date as text, id-less records by their whole content). Until the first
 * full read under version 3, a record counts as seen when one of its older keys was stored. That
 * read stores every record's version-3 key; an upgrade re-emits nothing. Two roommates' events that
 * version 1 had merged into one key stay merged for that one read only.
 */
import type { IDataObject } from 'n8n-workflow';
import type { PartialRead, RangeRead } from '../kernel/fetchWindow';
import { SeenRecords } from './seen';

export { SeenRecords } from './seen';
export { shortHash } from '../events/identity';

const STATE_VERSION = 3;
/** versions whose seen keys are carried over (EventDefinition.carriedKeys) */
const CARRIED_VERSIONS = new Set([1, 2]);

/** Lookback and look-ahead (days) the seen keys are complete for. */
export interface WindowSpan {
	back: number;
	ahead: number;
}

/** Polls in a row that got no fresh data (the service could not refresh it). */
export interface Outage {
	/** n8n's clock (epoch ms) at the first of them */
	since: number;
	polls: number;
	/** the service's last answer: its status, the time of the data it still holds, its reason */
	status: string;
	lastUpdated?: number;
	detail?: string;
}

export interface TriggerState {
	/** fingerprint of the event and filters the seen keys were recorded for */
	scope: string;
	/** day of the service snapshot the last completed full-window read processed */
	checkpoint: number;
	/** undefined when carried over from version 1 (taken as the current settings) */
	span?: WindowSpan;
	/** version-1 keys may still stand for records (until the first full read) */
	legacyKeys: boolean;
	/** open: the open set (bills: unpaid, any date); undefined in state saved before it existed */
	reads: { recent?: RangeRead; full?: RangeRead; open?: RangeRead };
	/**
	 * the open read under way when it has more pages than n8n's poll budget lets one poll read: where it
	 * goes on, and how many records of each identity its pages so far listed (so that look-alikes keep
	 * their ranks across polls)
	 */
	openUnderWay?: { read: PartialRead; before: number; ranks: Record<string, number> };
	seen: SeenRecords;
	/** set while polls get no fresh data; cleared by the first fresh read */
	outage?: Outage;
	/** n8n's clock (epoch ms) at the start of the last poll that read fresh data or had nothing due (undefined in older state) */
	polledAt?: number;
}

function isDay(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value);
}

function spanOf(value: unknown): WindowSpan | undefined {
	const span = value as WindowSpan | undefined;
	return span && isDay(span.back) && isDay(span.ahead) ? { back: span.back, ahead: span.ahead } : undefined;
}

function rangeReadOf(value: unknown): RangeRead | undefined {
	const read = value as RangeRead | undefined;
	if (!read || typeof read.query !== 'string' || typeof read.lastUpdated !== 'number' || typeof read.readAt !== 'number') {
		return undefined;
	}
	const range: RangeRead = { query: read.query, lastUpdated: read.lastUpdated, readAt: read.readAt, requests: Number(read.requests) || 0 };
	if (isDay(read.before)) range.before = read.before;
	return range;
}

function underWayOf(value: unknown): TriggerState['openUnderWay'] {
	const underWay = value as { read?: PartialRead; before?: unknown; ranks?: unknown } | undefined;
	const read = rangeReadOf(underWay?.read);
	const url = underWay?.read?.url;
	if (!underWay || !read || typeof url !== 'string' || !isDay(underWay.before)) return undefined;
	const ranks: Record<string, number> = {};
	for (const [hash, count] of Object.entries((underWay.ranks ?? {}) as IDataObject)) if (typeof count === 'number') ranks[hash] = count;
	return { read: { ...read, url }, before: underWay.before, ranks };
}

function outageOf(value: unknown): Outage | undefined {
	const outage = value as Outage | undefined;
	if (!outage || typeof outage.since !== 'number' || typeof outage.polls !== 'number') return undefined;
	return { ...outage, status: String(outage.status) };
}

/** The state recorded for `scope`; undefined when there is none (or it belongs to other filters). */
export function readState(staticData: IDataObject, scope: string): TriggerState | undefined {
	const version = staticData.version as number;
	if ((version !== STATE_VERSION && !CARRIED_VERSIONS.has(version)) || staticData.scope !== scope) return undefined;
	const checkpoint = staticData.checkpoint;
	if (!isDay(checkpoint)) return undefined;
	const seen = SeenRecords.fromJson(staticData.seen, staticData.dated);
	if (version === 1) return { scope, checkpoint, legacyKeys: true, reads: {}, seen };
	const reads = (staticData.reads ?? {}) as IDataObject;
	return {
		scope,
		checkpoint,
		span: spanOf(staticData.span),
		legacyKeys: version !== STATE_VERSION || staticData.legacyKeys === true,
		reads: { recent: rangeReadOf(reads.recent), full: rangeReadOf(reads.full), open: rangeReadOf(reads.open) },
		seen,
		outage: outageOf(staticData.outage),
		openUnderWay: underWayOf(staticData.openUnderWay),
		polledAt: typeof staticData.polledAt === 'number' ? staticData.polledAt : undefined,
	};
}

/** Replaces the whole state in one go; n8n persists it with the next emitting poll. */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	for (const key of Object.keys(staticData)) delete staticData[key];
	staticData.version = STATE_VERSION;
	staticData.scope = state.scope;
	staticData.checkpoint = state.checkpoint;
	if (state.span) staticData.span = { ...state.span };
	if (state.legacyKeys) staticData.legacyKeys = true;
	const reads: IDataObject = {};
	if (state.reads.recent) reads.recent = { ...state.reads.recent };
	if (state.reads.full) reads.full = { ...state.reads.full };
	if (state.reads.open) reads.open = { ...state.reads.open };
	staticData.reads = reads;
	staticData.seen = state.seen.toJson();
	const dated = state.seen.datedToJson();
	if (Object.keys(dated).length) staticData.dated = dated;
	if (state.outage) staticData.outage = { ...state.outage };
	if (state.openUnderWay) staticData.openUnderWay = { ...state.openUnderWay, read: { ...state.openUnderWay.read }, ranks: { ...state.openUnderWay.ranks } };
	if (state.polledAt !== undefined) staticData.polledAt = state.polledAt;
}
