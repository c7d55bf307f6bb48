/**
 * Events read from a whole list on a schedule (docs/trigger.md "Dates coming up", "Rent past due"):
 * Lease End Approaching and Vendor Document Expiring fire once per record, date and horizon; Rent Past Due once
 * per delinquency. The state holds only what may still fire or must not fire again: dates within the
 * largest horizon, occupancies above the threshold.
 *
 * Under n8n's poll budget a list longer than one poll can read (the rent roll: about 178 pages at 10,000
 * units) is read over several polls in one snapshot: each poll goes on from the page where the last one
 * stopped (`underWay`) and works out what its pages would give, but nothing fires and no entry is
 * replaced until the last page is in, so that the read acts as one read of one snapshot, whatever the
 * number of polls. A read the service can no longer go on with (another snapshot, a cursor refused), or
 * one begun on an earlier day, starts over from its first page and drops what it held.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dayOfServiceDate } from '../../shared/dates';
import type { Clock } from '../kernel/days';
import { fetchRecords, partialReadOf, readTooLongError, type PartialRead, type RangeRead } from '../kernel/fetchWindow';
import { shortHash } from '../events/identity';
import type { ListChoices } from '../events/listWatches';
import { longOutageError, nextOutage, startingPointError, type PollOutage } from '../kernel/outages';
import { fullReadPeriodMs, maxAgeFor } from '../kernel/readPeriods';
import type { TriggerSettings } from '../events/settings';
import type { FamilyPoller, PollTurn } from '../kernel/poll';
import { namedStateFormat, readStored, writeStored } from '../kernel/stateStore';

/** A date within the horizons: its day and the horizons already reached (fired or recorded). */
interface DateEntry {
	d: number;
	h: number[];
}

/** An occupancy above the threshold: the amount when it rose above. */
interface AmountEntry {
	a: number;
}

/**
 * A recording poll that could not read every row whole (a row without its record's id, an occupancy
 * without its amount): the day it recorded, and the keys whose value it, or a read since, did read. A key
 * first found reached or above later, and not among them, may have been so when the present was recorded:
 * it is recorded too, not fired (a date, from the days it has moved closer since).
 */
interface Recording {
	day: number;
	known: string[];
}

/**
 * What the rows of one read give, page by page: the entries and items, and what keepUnnamed and
 * recordingAfter need of every row, so that a read spread over polls ends as one read in one poll does.
 */
interface RowsRead {
	entries: Record<string, DateEntry | AmountEntry>;
	/** what fires when the read completes: few, records newly reaching a horizon or the threshold */
	items: IDataObject[];
	/** shortHash of every key the rows named */
	named: string[];
	/** a row without its record's id was among them */
	unnamed: boolean;
	/** every row was read whole */
	whole: boolean;
	/** the keys whose value the rows read; kept only while a recording is under way (the state's, or this read's) */
	known: string[];
}

/** A read of the list that n8n's poll budget ended before its last page: the next poll goes on with it. */
interface ReadUnderWay extends RowsRead {
	/** where it goes on, in which snapshot */
	read: PartialRead;
	/** the day its rows were processed for: a read begun on an earlier day starts over */
	day: number;
}

interface ListState {
	scope: string;
	/** the day the list was last processed: a new day reaches horizons without any record changing */
	day: number;
	entries: Record<string, DateEntry | AmountEntry>;
	reads: { full?: RangeRead };
	polledAt: number;
	outage?: PollOutage;
	recording?: Recording;
	underWay?: ReadUnderWay;
}

/**
 * How long a recording stays incomplete at most: the rows it could not read whole are read within it (the
 * hostile profile draws a row's nulls anew each day, a fifth of rows a day); a record still unread then
 * fires as new when it is first read above or reached.
 */
const RECORDING_DAYS = 7;

const STATE_VERSION = 'list-1';

/** The read under way as stored; undefined for none or one not in this shape (its read then starts over). */
function underWayOf(value: unknown): ReadUnderWay | undefined {
	const underWay = value as Partial<ReadUnderWay> | undefined;
	if (typeof underWay !== 'object' || underWay === null) return undefined;
	const { entries, items, named, known } = underWay;
	const strings = (list: unknown) => Array.isArray(list) && list.every((entry) => typeof entry === 'string');
	const counted = partialReadOf(underWay.read) !== undefined;
	const rows = typeof entries === 'object' && entries !== null && Array.isArray(items) && strings(named) && strings(known);
	const flags = typeof underWay.day === 'number' && [underWay.unnamed, underWay.whole].every((flag) => typeof flag === 'boolean');
	return counted && rows && flags ? (underWay as ReadUnderWay) : undefined;
}

function readListState(staticData: IDataObject, scope: string): ListState | undefined {
	const stored = readStored<ListState>(staticData, STATE_VERSION, scope, ['entries', 'reads']);
	if (!stored || typeof stored.day !== 'number') return undefined;
	return { ...stored, underWay: underWayOf(stored.underWay) };
}

const writeListState = (staticData: IDataObject, state: ListState) => writeStored(staticData, STATE_VERSION, state);

function item(json: IDataObject): INodeExecutionData {
	return { json, pairedItem: { item: 0 } };
}

/**
 * A horizon event's dates in one record: each within the largest horizon is kept; one newly reaching a
 * horizon smaller than any reached before for that date fires (after an outage only the nearest one).
 * `before` undefined: activation, nothing fires.
 */
function horizonItems(record: IDataObject, choices: ListChoices, today: number, before: ListState | undefined, entries: ListState['entries'], unread: UnreadSince): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (const date of choices.watch.dates?.(record, choices.documents) ?? []) {
		const day = dayOfServiceDate(date.value);
		const previous = before?.entries[date.key] as DateEntry | undefined;
		if (day === undefined) {
			// the service left the date out this time (absent or null: "any field may be null when the value
			// is absent" cannot be told from a date removed): what was known stands while it is still ahead.
			// Forgotten, the date would fire again each day it is listed again (a rent roll that leaves a
			// lease's end out on some days would repeat its 60-day notice)
			if (previous && previous.d >= today) entries[date.key] = previous;
			continue;
		}
		const daysLeft = day - today;
		const reached = choices.horizons.filter((horizon) => daysLeft >= 0 && daysLeft <= horizon);
		if (!reached.length) continue;
		const sameDate = previous?.d === day;
		// unread by the recording poll: what the date had reached on the recording day (if it was this date then) counts as recorded
		const recordedDay = previous ? undefined : unread(date.key);
		const reachedWhenRecorded = recordedDay === undefined ? [] : reached.filter((horizon) => daysLeft + (today - recordedDay) <= horizon);
		const fresh = sameDate ? reached.filter((horizon) => !previous.h.includes(horizon)) : reached.filter((horizon) => !reachedWhenRecorded.includes(horizon));
		entries[date.key] = { d: day, h: sameDate ? [...new Set([...previous.h, ...reached])] : reached };
		const nearest = Math.min(...fresh);
		if (!before || !fresh.length || (sameDate && nearest > Math.min(...previous.h))) continue;
		items.push(item({ ...record, dateName: date.name, dateField: date.field, date: date.value as string, daysLeft, horizonDays: nearest }));
	}
	return items;
}

/** Rent Past Due: fires when an occupancy rises above the threshold; forgotten once at or below it. */
function thresholdItems(record: IDataObject, choices: ListChoices, before: ListState | undefined, entries: ListState['entries'], unread: UnreadSince): INodeExecutionData[] {
	const owed = choices.watch.amount?.(record);
	if (!owed) {
		// an amount the service left out: whatever was known of this occupancy stands
		const key = choices.watch.amount?.({ ...record, pastDue: 0 })?.key;
		if (key && before?.entries[key]) entries[key] = before.entries[key];
		return [];
	}
	if (owed.amount <= choices.threshold) return [];
	const previous = before?.entries[owed.key];
	entries[owed.key] = previous ?? { a: owed.amount };
	// unread by the recording poll: it may have owed this much then, so it is recorded
	return before && !previous && unread(owed.key) === undefined ? [item({ ...record, pastDueAmount: owed.amount, threshold: choices.threshold })] : [];
}

/** The keys a row names, whatever its values: its dates, or its amount's occupancy. */
function keysNamed(record: IDataObject, { watch, documents }: ListChoices): string[] {
	if (watch.kind === 'horizon') return (watch.dates?.(record, documents) ?? []).map((date) => date.key);
	const key = watch.amount?.({ ...record, pastDue: 0 })?.key;
	return key === undefined ? [] : [key];
}

/**
 * The keys a row tells what a recording would have recorded of: the dates it names (a date left out of a
 * named record may be no date at all, as a vendor without auto insurance), the amount it shows.
 */
function keysKnown(record: IDataObject, choices: ListChoices): string[] {
	if (choices.watch.kind === 'horizon') return keysNamed(record, choices);
	const owed = choices.watch.amount?.(record);
	return owed ? [owed.key] : [];
}

/**
 * The recording after this read: begun by a recording poll (`before` undefined) that could not read
 * every row whole, kept with what this read read until every row was read whole or RECORDING_DAYS passed.
 */
function recordingAfter(rows: RowsRead, before: ListState | undefined, today: number): Recording | undefined {
	const started = before ? before.recording : { day: today, known: [] };
	if (!started || today - started.day >= RECORDING_DAYS || rows.whole) return undefined;
	return { day: started.day, known: [...new Set([...started.known, ...rows.known])] };
}

/** The day of the incomplete recording, for a key it has not read yet; undefined for any other. */
type UnreadSince = (key: string) => number | undefined;

function unreadSince(recording: Recording | undefined): UnreadSince {
	if (!recording) return () => undefined;
	const known = new Set(recording.known);
	return (key) => (known.has(key) ? undefined : recording.day);
}

/**
 * A row the service left without its record's id may be any known record this read did not name:
 * what was known of those stands. Forgotten, a delinquency or a date reached would fire again once
 * the row names its record again (a delinquent occupancy's rent roll row served for a day without its
 * occupancyId would give a second notice the day after).
 */
function keepUnnamed(rows: RowsRead, before: ListState): void {
	const named = new Set(rows.named);
	for (const [key, entry] of Object.entries(before.entries)) if (!named.has(shortHash(key)) && !(key in rows.entries)) rows.entries[key] = entry;
}

const noRowsRead = (): RowsRead => ({ entries: {}, items: [], named: [], unnamed: false, whole: true, known: [] });

/**
 * Adds `records` (one poll's pages of a read) to what the read's earlier pages gave. `before` is the
 * state compared with (undefined: recording the present). A row whose keys the earlier polls' pages
 * named already is one a resumed page repeats (a cursor that drifts back a row or two): it counts once.
 */
function addRows(rows: RowsRead, records: IDataObject[], choices: ListChoices, today: number, before: ListState | undefined): void {
	const { watch } = choices;
	const unread = unreadSince(before?.recording);
	const namedEarlier = new Set(rows.named);
	const named = new Set(rows.named);
	const known = new Set(rows.known);
	// the keys read are only needed while a recording is under way (recordingAfter)
	const recording = !before || before.recording !== undefined;
	for (const record of records) {
		const keys = keysNamed(record, choices);
		if (keys.length && keys.every((key) => namedEarlier.has(shortHash(key)))) continue;
		const keysRead = keysKnown(record, choices);
		if (watch.unnamed(record)) rows.unnamed = true;
		if (watch.unnamed(record) || keys.length !== keysRead.length) rows.whole = false;
		if (recording) for (const key of keysRead) known.add(key);
		for (const key of keys) named.add(shortHash(key));
		const items = watch.kind === 'horizon' ? horizonItems(record, choices, today, before, rows.entries, unread) : thresholdItems(record, choices, before, rows.entries, unread);
		rows.items.push(...items.map((fired) => fired.json));
	}
	rows.named = [...named];
	rows.known = [...known];
}

async function pollListChanges({ ctx, settings, clock }: PollTurn, choices: ListChoices, before?: ListState): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	const last = before?.reads.full;
	const newDay = before !== undefined && before.day !== clock.today;
	// a read under way goes on at the next poll, whenever the list is due
	if (before && !before.underWay && last && !newDay && clock.now - last.readAt < fullReadPeriodMs(settings, last)) return null;
	// a read begun on an earlier day starts over: the new day reaches horizons by itself
	const underWay = before?.underWay?.day === clock.today ? before.underWay : undefined;
	// a state without a complete read is activation's, its read under way: until that read's last page is
	// in, the present is being recorded and nothing of it fires
	const compared = before?.reads.full ? before : undefined;

	const { watch } = choices;
	// on a new day every record is looked at again, also when the snapshot has not changed; a read under
	// way needs every page of its own snapshot, whichever the one last processed
	const known = newDay || before?.underWay ? undefined : last;
	// under the durable scheduler a read longer than a poll goes on at the next poll, in the same snapshot
	const resumable = settings.pollBudget ? { from: underWay?.read } : undefined;
	const snapshot = await fetchRecords(ctx, settings, watch.query(settings.filterQuery), clock, maxAgeFor(settings, last, clock.now), known, resumable);
	if (snapshot.partial || (snapshot.fresh && snapshot.read && !snapshot.unchanged)) {
		// resumed: these pages follow those the read under way holds; else the read began at its first page
		const rows: RowsRead = snapshot.resumed && underWay ? underWay : noRowsRead();
		const day = snapshot.resumed && underWay ? underWay.day : clock.today;
		addRows(rows, snapshot.records, choices, day, compared);
		if (snapshot.partial) {
			const { entries, items, named, unnamed, whole, known: keysRead } = rows;
			const going: ReadUnderWay = { read: snapshot.partial, day, entries, items, named, unnamed, whole, known: keysRead };
			const kept = before ?? { scope: settings.scope, day: clock.today, entries: {}, reads: {}, polledAt: clock.now };
			writeListState(staticData, { ...kept, outage: undefined, polledAt: clock.now, underWay: going });
			return null;
		}
		if (compared && rows.unnamed) keepUnnamed(rows, compared);
		const recording = recordingAfter(rows, compared, day);
		const reads = { full: snapshot.read };
		writeListState(staticData, { scope: settings.scope, day, entries: rows.entries, reads, polledAt: clock.now, ...(recording ? { recording } : {}) });
		return compared && rows.items.length ? [rows.items.map(item)] : null;
	}
	if (!snapshot.fresh || !snapshot.read) {
		if (!before && snapshot.cutShort) throw readTooLongError(ctx, settings, snapshot.cutShort);
		if (!before) throw startingPointError(ctx, watch.list.label, settings.maxWait, 'Before watching, the trigger records what has already reached a horizon or the threshold.');
		const outage = nextOutage(before.outage, clock.now, snapshot.status);
		writeListState(staticData, { ...before, outage });
		const error = longOutageError(ctx, outage, clock.now, watch.list.label);
		if (error) throw error;
		return null;
	}
	// the service still serves the snapshot last processed: nothing changed in it
	const requests = last?.requests ?? snapshot.read.requests;
	writeListState(staticData, { ...(before as ListState), outage: undefined, reads: { full: { ...snapshot.read, requests } }, polledAt: clock.now });
	return null;
}

/**
 * Fetch Test Event: horizon events, the record whose date comes next (within the largest horizon when
 * any is); Rent Past Due, the occupancy owing most above the threshold. The state is not touched.
 */
async function sampleListChange(ctx: IPollFunctions, settings: TriggerSettings, choices: ListChoices, clock: Clock): Promise<INodeExecutionData[][]> {
	const { watch } = choices;
	const snapshot = await fetchRecords(ctx, settings, watch.query(settings.filterQuery), clock, settings.maxAge);
	if (watch.kind === 'threshold') {
		const owing = snapshot.records
			.map((record) => ({ record, owed: watch.amount?.(record) }))
			.filter(({ owed }) => owed && owed.amount > choices.threshold);
		if (owing.length) {
			const most = owing.reduce((best, candidate) => (candidate.owed!.amount > best.owed!.amount ? candidate : best));
			return [[item({ ...most.record, pastDueAmount: most.owed!.amount, threshold: choices.threshold })]];
		}
	} else {
		const upcoming = snapshot.records.flatMap((record) =>
			(watch.dates?.(record, choices.documents) ?? [])
				.map((date) => ({ record, date, daysLeft: (dayOfServiceDate(date.value) ?? -1) - clock.today }))
				.filter(({ daysLeft }) => daysLeft >= 0),
		);
		if (upcoming.length) {
			const next = upcoming.reduce((best, candidate) => (candidate.daysLeft < best.daysLeft ? candidate : best));
			const reached = choices.horizons.filter((horizon) => next.daysLeft <= horizon);
			const horizonDays = reached.length ? Math.min(...reached) : choices.horizons[choices.horizons.length - 1];
			const { record, date, daysLeft } = next;
			return [[item({ ...record, dateName: date.name, dateField: date.field, date: date.value as string, daysLeft, horizonDays })]];
		}
	}
	throw new NodeOperationError(ctx.getNode(), `No ${watch.list.label} match the filters and options`, {
		description: snapshot.fresh
			? 'The test event is the record nearest to firing. None is listed under these filters: widen them, or make such a record in your property-management system, then fetch again.'
			: 'The service is still preparing this data. Try again in a few seconds.',
	});
}


/** The date and threshold events behind the poll kernel; a first poll reads as any poll, with no state to compare with. */
export const listChangePoller: FamilyPoller<ListState> = {
	stateFormat: namedStateFormat(readListState),
	sample: async ({ ctx, settings, clock }) => await sampleListChange(ctx, settings, choicesOf(ctx, settings), clock),
	recordPresent: async (turn) => await pollListChanges(turn, choicesOf(turn.ctx, turn.settings)),
	poll: async (turn, state) => await pollListChanges(turn, choicesOf(turn.ctx, turn.settings), state),
};

/** A date or threshold event's choices: readSettings sets them for every event of this family. */
function choicesOf(ctx: IPollFunctions, settings: TriggerSettings): ListChoices {
	if (!settings.list) throw new NodeOperationError(ctx.getNode(), `Event ${settings.event} is not a date or threshold event`);
	return settings.list;
}
