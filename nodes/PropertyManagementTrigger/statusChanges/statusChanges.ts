/**
 * Status events (docs/trigger.md "Status changes"): a work order's status moved on, a bill was paid or
 * approved, an application was decided. The state remembers the status of every open record (what
 * the open reads list) and nothing else: a record that left the open set is looked up once, fires if
 * its change is one the user watches, and is forgotten.
 *
 * Under n8n's poll budget an open read longer than one poll can read goes on at the next poll, in the
 * same snapshot (`underWay`): its pages are compared as they come, and what it listed last time stands
 * for the records it has not reached yet, so that none counts as gone before its last page is in.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';
import { serviceDateOfDay, type Clock } from '../kernel/days';
import { EVENT_DEFINITIONS, recordDay } from '../events/recordLists';
import { fetchRecords, partialReadOf, readTooLongError, type PartialRead, type RangeRead, type WindowSnapshot } from '../kernel/fetchWindow';
import { idText, shortHash } from '../events/identity';
import { longOutageError, nextOutage, startingPointError, type PollOutage } from '../kernel/outages';
import { maxAgeFor, frequentReadPeriodMs, restReadPeriodMs } from '../kernel/readPeriods';
import type { TriggerSettings } from '../events/settings';
import type { FamilyPoller, PollTurn } from '../kernel/poll';
import { namedStateFormat, readStored, writeStored } from '../kernel/stateStore';
import type { Status, StatusQuery, StatusWatch } from '../events/statusWatches';

/** A record gone from the open reads and not found among the closed ones is kept this long: it may be listed again (a snapshot of one read older than the other's). */
const MISSING_KEEP_MS = 86_400_000;

interface OpenRecord {
	/** the status fields */
	s: Status;
	/** the record's day (its date field), for the read that finds it once it has left the open set; null: never shown */
	d: number | null;
	/** which open read listed it */
	q: number;
	/** n8n's clock (epoch ms) when it was first missing from every read */
	m?: number;
	/**
	 * gone from the open reads, not yet found among the closed ones (the poll had no time left): the
	 * closed read to look in next, counted from 1 (StatusWatch.closedQueries), so that polls whose Max
	 * Wait holds one read each still move the look-up on
	 */
	p?: number;
	/** its id, where the watch reads one record by it (StatusWatch.idField) */
	i?: string;
	/** not among the closed records of its day: to be read by its id (it may have been re-dated) */
	b?: 1;
	/** its day was read by its id: not found there again, it is not read by its id again */
	x?: 1;
}

/**
 * An open read with more pages than n8n's poll budget lets one poll read: it goes on at the next poll,
 * in the same snapshot. What its pages listed so far is in `open` already (new records recorded,
 * changes fired); the records it listed before that stand until it is complete.
 */
interface OpenReadUnderWay {
	/** the open read, by its index */
	at: number;
	/** the snapshot it reads and its first page not read yet */
	read: PartialRead;
	/** the records its pages listed so far */
	listed: string[];
}

interface StatusState {
	scope: string;
	open: Record<string, OpenRecord>;
	/** the last snapshot of each open read, by its index */
	reads: Record<string, RangeRead | undefined>;
	polledAt: number;
	outage?: PollOutage;
	underWay?: OpenReadUnderWay;
}

/** Told apart from the new-record events' state (newRecords/state.ts), whose versions are numbers. */
const STATE_VERSION = 'status-1';

function readStatusState(staticData: IDataObject, scope: string): StatusState | undefined {
	const stored = readStored<StatusState>(staticData, STATE_VERSION, scope, ['open', 'reads']);
	return stored && { ...stored, underWay: underWayOf(stored.underWay) };
}

/** The open read under way as stored; undefined for none or one not in this shape (that read then starts over). */
function underWayOf(value: unknown): OpenReadUnderWay | undefined {
	const underWay = value as Partial<OpenReadUnderWay> | undefined;
	const read = partialReadOf(underWay?.read);
	const listed = underWay?.listed;
	if (!read || typeof underWay?.at !== 'number' || !Array.isArray(listed) || !listed.every((hash) => typeof hash === 'string')) return undefined;
	return { at: underWay.at, read, listed };
}

const writeStatusState = (staticData: IDataObject, state: StatusState) => writeStored(staticData, STATE_VERSION, state);

interface Listed {
	hash: string;
	record: IDataObject;
	status: Status;
	day: number | null;
	query: number;
	lastUpdated: number;
}

/**
 * The status a row shows, over what its query says and what was known. A field the service left out
 * (null) keeps what was known, else what the query says, else '' (not known: no change is read from it).
 */
function statusOf(watch: StatusWatch, record: IDataObject, stamp: Status, known?: Status): Status {
	const status: Status = { ...known, ...stamp };
	for (const field of watch.fields) {
		const value = record[field];
		if (typeof value === 'string' && value !== '') status[field] = value;
		status[field] ??= '';
	}
	return status;
}

function listedOf(settings: TriggerSettings, watch: StatusWatch, snapshot: WindowSnapshot, query: number, stamp: Status, state?: StatusState): Listed[] {
	const definition = EVENT_DEFINITIONS[watch.records];
	const listed: Listed[] = [];
	for (const record of snapshot.records) {
		const hash = shortHash(definition.dedupeKey(record, settings.keyOptions));
		const known = state?.open[hash];
		const status = statusOf(watch, record, stamp, known?.s);
		listed.push({ hash, record, status, day: recordDay(definition, record) ?? known?.d ?? null, query, lastUpdated: snapshot.lastUpdated ?? 0 });
	}
	return listed;
}

/** What the state keeps of a listed open record; its id from the row, else as known. */
function openRecordOf(watch: StatusWatch, entry: Listed, known?: OpenRecord): OpenRecord {
	const i = (watch.idField ? idText(entry.record[watch.idField]) : undefined) ?? known?.i;
	return { s: entry.status, d: entry.day, q: entry.query, ...(i !== undefined ? { i } : {}) };
}

/**
 * A record gone from the open reads and not among the closed records of its day. Where the watch reads
 * one record by its id and its day was not read so already, it is read so next (it may have been
 * re-dated before it closed); else it is kept a day as missing, then forgotten.
 */
function notFoundOnItsDay(watch: StatusWatch, record: OpenRecord, now: number): OpenRecord {
	const missing: OpenRecord = { ...record, m: record.m ?? now };
	delete missing.p;
	delete missing.b;
	return watch.idField && record.i !== undefined && !record.x ? { ...missing, b: 1 } : missing;
}

/**
 * Which open reads this poll makes: each once its period has passed since it was last made (all of them
 * at activation). The reads naming a status share one period, Max Age paced by their cost
 * (frequentReadPeriodMs); the read of the rest has its own, longer one (restReadPeriodMs), and when it
 * is due the others are read after it, so that what it alone lists can be told (currentOf).
 */
function dueReads(settings: TriggerSettings, queries: StatusQuery[], before: StatusState | undefined, clock: Clock): boolean[] {
	const frequentMs = frequentReadPeriodMs(settings, ...queries.map((query, at) => (query.rest ? undefined : before?.reads[at])));
	const isDue = (query: StatusQuery, at: number) => {
		const read = before?.reads[at];
		if (!before || !read) return true;
		return clock.now - read.readAt >= (query.rest ? restReadPeriodMs(settings, read) : frequentMs);
	};
	const restDue = queries.some((query, at) => query.rest && isDue(query, at));
	return queries.map((query, at) => isDue(query, at) || restDue);
}

/** Each read's maximum wait is what is left of the poll's Max Wait, so that a poll lasts at most that long. */
function remainingSettings(settings: TriggerSettings, deadline: number): TriggerSettings | undefined {
	// the time left is read off the running clock: the poll's Clock holds the instant it started
	const seconds = Math.floor((deadline - Date.now()) / 1000);
	return seconds >= 1 ? { ...settings, maxWait: seconds } : undefined;
}

function notFresh(ctx: IPollFunctions, watch: StatusWatch, staticData: IDataObject, state: StatusState, clock: Clock, status: string): null {
	const outage = nextOutage(state.outage, clock.now, status);
	writeStatusState(staticData, { ...state, outage });
	const error = longOutageError(ctx, outage, clock.now, watch.label);
	if (error) throw error;
	return null;
}

/** The output item: the record as listed, what its status was before, and what happened. */
function emitted(watch: StatusWatch, listed: Listed, previous: Status, changes: string[]): INodeExecutionData {
	const shown: IDataObject = {};
	// what the row leaves out, the trigger knows (the query says it, or an earlier read did)
	for (const [field, value] of Object.entries(listed.status)) if ((listed.record[field] ?? null) === null && value !== '') shown[field] = value;
	return { json: { ...listed.record, ...shown, ...watch.previousFields(previous), changes }, pairedItem: { item: 0 } };
}

/**
 * One poll: first what an earlier poll left to look up (lookUps), then the open reads that are due
 * (each every Max Age, and a minute later per request the watch's open reads took beyond a one-page
 * read's two each: kernel/readPeriods.ts frequentReadPeriodMs; an unchanged snapshot costs its first page), the
 * one read longest ago first, as many as the poll's Max Wait leaves time for (the others come next
 * poll); then, when records left the open set, the closed ones between their dates. A look-up does not
 * hold the open reads back a poll unless it fills the Max Wait. Activation reads them
 * all, each with the whole Max Wait.
 */
async function pollStatusChanges({ ctx, settings, clock }: PollTurn, watch: StatusWatch, before: StatusState | undefined): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	const queries = watch.openQueries(settings.filterQuery);
	const deadline = clock.now + settings.maxWait * 1000;
	const underWay = before?.underWay && queries[before.underWay.at] ? before.underWay : undefined;
	const due = dueReads(settings, queries, before, clock).map((isDue, at) => isDue || at === underWay?.at);
	// the look-ups an earlier poll left come first; the open reads that are due follow while Max Wait lasts
	const lookedUp = before ? await lookUps(ctx, settings, watch, staticData, before, clock, deadline) : undefined;
	if (lookedUp === null) return null;
	const state = lookedUp?.state ?? before;
	const items: INodeExecutionData[] = [...(lookedUp?.items ?? [])];
	const polled = () => (items.length ? [items] : null);
	// the poll ends on what its look-ups found (fresh, so no outage), its open reads left for the next poll
	const endOnLookUps = (looked: StatusState) => {
		writeStatusState(staticData, { ...looked, polledAt: clock.now });
		return polled();
	};
	if (state && !due.some(Boolean)) return lookedUp ? endOnLookUps(lookedUp.state) : null;
	if (lookedUp && !remainingSettings(settings, deadline)) return endOnLookUps(lookedUp.state);

	const listed: Listed[] = [];
	const reads: Record<string, RangeRead | undefined> = { ...before?.reads };
	// the read under way goes on first; then the read of the rest, so that the reads naming a status are as new as it (currentOf)
	const order = queries
		.map((_, at) => at)
		.sort(
			(left, right) =>
				Number(right === underWay?.at) - Number(left === underWay?.at) ||
				Number(!queries[left].rest) - Number(!queries[right].rest) ||
				(before?.reads[left]?.readAt ?? -Infinity) - (before?.reads[right]?.readAt ?? -Infinity),
		);
	let readsDone = 0;
	// n8n's poll budget ended a read: the reads after it wait for the next poll
	let budgetSpent = false;
	let nextUnderWay: OpenReadUnderWay | undefined;
	for (const at of order) {
		const { qs, stamp } = queries[at];
		const known = before?.reads[at];
		const resuming = underWay?.at === at ? underWay : undefined;
		// not due, or no time left in this poll: what it listed last stands
		const budget = budgetSpent ? undefined : !state ? settings : readsDone === 0 && !lookedUp ? settings : remainingSettings(settings, deadline);
		if (!state && !budget) continue;
		if (state && (!due[at] || !budget)) {
			listedFromState(state, at).forEach((entry) => listed.push(entry));
			continue;
		}
		readsDone += 1;
		// a read under way reads on in its snapshot, or from its first page when the service has moved on
		const snapshot = budget ? await fetchRecords(ctx, budget, qs, clock, maxAgeFor(settings, known, clock.now), resuming ? undefined : known, { from: resuming?.read }) : undefined;
		if (snapshot?.partial) {
			budgetSpent = true;
			const pages = listedOf(settings, watch, snapshot, at, stamp, state);
			const onPages = new Set(pages.map((entry) => entry.hash));
			const soFar = new Set([...(snapshot.resumed && resuming ? resuming.listed : []), ...onPages]);
			listed.push(...pages);
			// what this read listed before (in its last snapshot, or on its pages of earlier polls) stands for the rest
			if (state) listed.push(...listedFromState(state, at).filter((entry) => !onPages.has(entry.hash)));
			nextUnderWay = { at, read: snapshot.partial, listed: [...soFar] };
			continue;
		}
		if (!snapshot?.fresh || !snapshot.read) {
			// a read the budget left no time for (an earlier one took it): it goes first next poll
			if (snapshot?.cutShort && (state || readsDone > 1)) {
				budgetSpent = true;
				if (state) listed.push(...listedFromState(state, at));
				continue;
			}
			if (!state && snapshot?.cutShort) throw readTooLongError(ctx, settings, snapshot.cutShort);
			if (!state) throw startingPointError(ctx, watch.label, settings.maxWait, 'Before watching for status changes the trigger records the status of every open record.');
			// after look-ups, the open reads are due again next poll, with its whole Max Wait
			if (lookedUp) return endOnLookUps(lookedUp.state);
			return notFresh(ctx, watch, staticData, state, clock, snapshot?.status ?? 'Max Wait reached');
		}
		// an unchanged read cost one request; the period keeps following the cost of reading it all
		reads[at] = snapshot.unchanged && known ? { ...snapshot.read, requests: known.requests } : snapshot.read;
		if (snapshot.unchanged && state) listedFromState(state, at).forEach((entry) => listed.push(entry));
		else listed.push(...listedOf(settings, watch, snapshot, at, stamp, state));
		// finished in the snapshot an earlier poll began: what its first pages listed is recorded
		if (snapshot.resumed && resuming && state) listed.push(...listedEarlier(state, resuming, listed));
	}

	const open: Record<string, OpenRecord> = {};
	if (!state) {
		// activation (or Start From Now after a pause): the statuses of today are recorded, nothing fires
		for (const entry of currentOf(queries, listed, reads).values()) open[entry.hash] = openRecordOf(watch, entry);
		writeStatusState(staticData, { scope: settings.scope, open, reads, polledAt: clock.now, ...(nextUnderWay ? { underWay: nextUnderWay } : {}) });
		return null;
	}

	const current = currentOf(queries, listed, reads, state);
	const consider = (entry: Listed, previous: OpenRecord | undefined) => {
		const changes = previous ? watch.changes(previous.s, entry.status) : [];
		if (changes.length && isWatched(settings, changes)) items.push(emitted(watch, entry, previous!.s, changes));
		if (watch.isOpen(entry.status)) open[entry.hash] = openRecordOf(watch, entry, previous);
	};
	for (const entry of current.values()) consider(entry, state.open[entry.hash]);

	const gone = Object.entries(state.open).filter(([hash]) => !current.has(hash));
	const newlyGone = gone.filter(([, record]) => record.m === undefined);
	if (newlyGone.length && !remainingSettings(settings, deadline)) {
		// no time left for the closed reads: the next poll does them first
		for (const [hash, record] of gone) open[hash] = record.m === undefined ? { ...record, p: 1 } : record;
	} else if (newlyGone.length) {
		const found = await closedRecords(ctx, settings, watch, gone, clock, deadline, false, 0);
		if (!found.fresh) return lookedUp ? endOnLookUps(lookedUp.state) : notFresh(ctx, watch, staticData, state, clock, found.status);
		for (const [hash, record] of gone) {
			const closed = found.records.get(hash);
			if (closed) consider(closed, record);
			else if (found.complete) open[hash] = notFoundOnItsDay(watch, record, clock.now);
			// the next poll looks on from the closed read this one had no time for
			else open[hash] = record.m === undefined ? { ...record, p: found.next + 1 } : record;
		}
	} else {
		// missing since an earlier poll (deleted, or listed by a read whose snapshot lagged): kept a day;
		// one this poll's look-up found closed is looked for among the closed records of its day next poll
		for (const [hash, record] of gone) if (record.p || clock.now - (record.m ?? clock.now) < MISSING_KEEP_MS) open[hash] = record;
	}

	writeStatusState(staticData, { scope: settings.scope, open, reads, polledAt: clock.now, ...(nextUnderWay ? { underWay: nextUnderWay } : {}) });
	return polled();
}

/**
 * The records a read that went on over several polls listed on its pages of earlier polls, as they are
 * recorded now: they are its listing too (absent from it, a record would count as gone).
 */
function listedEarlier(state: StatusState, underWay: OpenReadUnderWay, listedNow: Listed[]): Listed[] {
	const onLaterPages = new Set(listedNow.filter((entry) => entry.query === underWay.at).map((entry) => entry.hash));
	return underWay.listed
		.filter((hash) => !onLaterPages.has(hash) && state.open[hash])
		.map((hash) => {
			const record = state.open[hash];
			return { hash, record: {}, status: record.s, day: record.d, query: underWay.at, lastUpdated: underWay.read.lastUpdated };
		});
}

/**
 * What earlier polls left to look up, before this poll's open reads: the records found gone and not yet
 * looked for among the closed ones, else the bills to read by their ids. Undefined: nothing to look up;
 * null: the service was not fresh (the poll ends, the outage recorded).
 */
async function lookUps(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	watch: StatusWatch,
	staticData: IDataObject,
	state: StatusState,
	clock: Clock,
	deadline: number,
): Promise<LookedUp | null | undefined> {
	const turn: LookUpTurn = { ctx, settings, watch, staticData, state, clock, deadline };
	const pending = Object.entries(state.open).filter(([, record]) => record.p);
	if (pending.length) return await lookUpPending(turn, pending);
	const byId = Object.entries(state.open).filter(([, record]) => record.b);
	if (byId.length) return await lookUpById(turn, byId);
	return undefined;
}

/** What a look-up works with: the poll's context, settings, state before it, clock and deadline. */
interface LookUpTurn {
	ctx: IPollFunctions;
	settings: TriggerSettings;
	watch: StatusWatch;
	staticData: IDataObject;
	state: StatusState;
	clock: Clock;
	deadline: number;
}

/** The state after a poll's look-ups (not written yet) and what they fired. */
interface LookedUp {
	state: StatusState;
	items: INodeExecutionData[];
}

/** Looks for the records an earlier poll found gone and had no time to look for. */
async function lookUpPending(turn: LookUpTurn, pending: Array<[string, OpenRecord]>): Promise<LookedUp | null> {
	const { ctx, settings, watch, staticData, state, clock, deadline } = turn;
	// from the closed read the least advanced of them looks in next: each poll reads at least one more
	const from = Math.min(...pending.map(([, record]) => (record.p ?? 1) - 1));
	const found = await closedRecords(ctx, settings, watch, pending, clock, deadline, true, from);
	if (!found.fresh) return notFresh(ctx, watch, staticData, state, clock, found.status);
	const open = { ...state.open };
	const items: INodeExecutionData[] = [];
	for (const [hash, record] of pending) {
		const closed = found.records.get(hash);
		delete open[hash];
		if (closed) {
			const changes = watch.changes(record.s, closed.status);
			if (changes.length && isWatched(settings, changes)) items.push(emitted(watch, closed, record.s, changes));
			if (watch.isOpen(closed.status)) open[hash] = openRecordOf(watch, closed, record);
		} else if (found.complete) {
			open[hash] = notFoundOnItsDay(watch, record, clock.now);
		} else {
			open[hash] = { ...record, p: Math.max(record.p ?? 1, found.next + 1) };
		}
	}
	return { state: { ...state, open, outage: undefined }, items };
}

/**
 * Reads by their ids the records not found among the closed ones of their day, one after
 * the other while its Max Wait lasts (the first with all of it), and keeps each answer in the state, so
 * that every poll moves the look-up on and the open reads follow it. A record with a new day and a
 * closed status is looked for among the closed records of that day next poll (it fires as the list
 * shows it); one still open waits, missing, for the open reads; one the service no longer has (404) is
 * forgotten.
 */
async function lookUpById(turn: LookUpTurn, waiting: Array<[string, OpenRecord]>): Promise<LookedUp | null> {
	const { ctx, settings, watch, staticData, state, clock, deadline } = turn;
	const definition = EVENT_DEFINITIONS[watch.records];
	const open = { ...state.open };
	for (const [at, [hash, record]] of waiting.entries()) {
		const budget = at === 0 ? settings : remainingSettings(settings, deadline);
		if (!budget) break;
		const found = await oneRecord(ctx, budget, `${definition.path}/${encodeURIComponent(record.i ?? '')}`);
		if (!found.fresh) return notFresh(ctx, watch, staticData, { ...state, open }, clock, found.status);
		if (!found.record) {
			delete open[hash];
			continue;
		}
		const looked: OpenRecord = { ...record, d: recordDay(definition, found.record) ?? record.d, x: 1 };
		delete looked.b;
		// open as the service says it (a status it left out may be a closed one: the list of its new day tells)
		const status = statusOf(watch, found.record, {});
		const stillOpen = watch.fields.every((field) => status[field] !== '') && watch.isOpen(status);
		open[hash] = stillOpen ? looked : { ...looked, p: 1 };
	}
	return { state: { ...state, open, outage: undefined }, items: [] };
}

/** One record read by its path (through the engine, fresh as a list read); no record: the service has none such (404). */
async function oneRecord(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	path: string,
): Promise<{ fresh: true; record?: IDataObject } | { fresh: false; status: string }> {
	const read = await apiRequest(
		ctx,
		{ method: 'GET', path },
		{ freshness: 'wait', maxAge: settings.maxAge, maxWait: settings.maxWait, onWaitTimeout: 'returnPending' },
	).then(
		(result) => ({ result }),
		(error: unknown) => ({ error }),
	);
	if ('error' in read) {
		// "no such record" is an answer here; any other failure is the poll's (the engine throws n8n's errors)
		if (read.error instanceof NodeApiError && String(read.error.httpCode) === '404') return { fresh: true };
		throw read.error instanceof NodeApiError || read.error instanceof NodeOperationError ? read.error : new NodeOperationError(ctx.getNode(), read.error as Error);
	}
	const { result } = read;
	if (result.pending || result.meta.status !== 'ok') return { fresh: false, status: String(result.meta.status ?? 'Max Wait reached') };
	return { fresh: true, record: result.items[0] };
}

/**
 * The records that left the open set, read one closed status at a time until all are found, between
 * their days (without a bound when one was never shown with its date), from the closed read `from` on.
 * Out of time before the last, `next` is the first closed read not made.
 */
async function closedRecords(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	watch: StatusWatch,
	gone: Array<[string, OpenRecord]>,
	clock: Clock,
	deadline: number,
	/** the poll's first read (a poll that only looks up what an earlier one found gone): the whole Max Wait */
	firstOfPoll: boolean,
	from: number,
): Promise<{ fresh: true; records: Map<string, Listed>; complete: boolean; next: number } | { fresh: false; status: string }> {
	const days = gone.map(([, record]) => record.d);
	const bounded = days.every((day): day is number => day !== null);
	const records = new Map<string, Listed>();
	const { fromParameter, toParameter } = EVENT_DEFINITIONS[watch.records];
	for (const [at, { qs, stamp }] of watch.closedQueries(settings.filterQuery).entries()) {
		if (at < from) continue;
		if (gone.every(([hash]) => records.has(hash))) break;
		const query: IDataObject = { ...qs };
		if (bounded) {
			query[fromParameter] = serviceDateOfDay(Math.min(...days));
			query[toParameter] = serviceDateOfDay(Math.max(...days));
		}
		const budget = firstOfPoll && at === from ? settings : remainingSettings(settings, deadline);
		// out of time: the records not found yet are looked for next poll, from this read on
		if (!budget) return { fresh: true, records, complete: false, next: at };
		const snapshot = await fetchRecords(ctx, budget, query, clock, settings.maxAge);
		if (!snapshot.fresh) return { fresh: false, status: snapshot.status };
		// what the record's open status was says nothing here: a row without its status is left for a read that says it
		for (const [hash, entry] of latestOf(listedOf(settings, watch, snapshot, -1 - at, stamp))) {
			if (watch.fields.every((field) => entry.status[field] !== '')) records.set(hash, entry);
		}
	}
	return { fresh: true, records, complete: true, next: 0 };
}

/**
 * Fetch Test Event: the latest record of the last 30 days whose status now is one a watched change
 * leads to, open or closed (an approved bill is still unpaid, an assigned order still open), shown as
 * if it had just moved there from the watch's usual status before it. The state is not touched.
 */
async function sampleStatusChange(ctx: IPollFunctions, settings: TriggerSettings, watch: StatusWatch, clock: Clock): Promise<INodeExecutionData[][]> {
	const from = serviceDateOfDay(clock.today - 30);
	const to = serviceDateOfDay(clock.today + 1);
	let fresh = true;
	let latest: { listed: Listed; previous: Status; changes: string[] } | undefined;
	const seen = new Set<string>();
	const { fromParameter, toParameter } = EVENT_DEFINITIONS[watch.records];
	// the read of the rest says no status a change leads to
	const named = watch.openQueries(settings.filterQuery).filter((query) => !query.rest);
	for (const [at, { qs, stamp }] of [...named, ...watch.closedQueries(settings.filterQuery)].entries()) {
		const query: IDataObject = { ...qs, [fromParameter]: from, [toParameter]: to };
		const snapshot = await fetchRecords(ctx, settings, query, clock, settings.maxAge);
		fresh &&= snapshot.fresh;
		for (const listed of latestOf(listedOf(settings, watch, snapshot, at, stamp)).values()) {
			// a row without its status is left for a later read that says it
			if (seen.has(listed.hash) || !watch.fields.every((field) => listed.status[field] !== '')) continue;
			seen.add(listed.hash);
			const sample = watch.sampleFrom
				.map((candidate) => previousForSample(watch, candidate, listed.status))
				.map((previous) => ({ previous, changes: watch.changes(previous, listed.status) }))
				.find(({ changes }) => changes.length && isWatched(settings, changes));
			if (sample && (!latest || (listed.day ?? -Infinity) >= (latest.listed.day ?? -Infinity))) latest = { listed, ...sample };
		}
	}
	if (latest) return [[emitted(watch, latest.listed, latest.previous, latest.changes)]];
	const records = watch.label.replace(/^(open|undecided|unpaid) /, '');
	const watched = settings.statusFilter.length ? settings.statusFilter.join(', ') : 'any watched status';
	throw new NodeOperationError(ctx.getNode(), `No ${records} dated ${from} to ${to} reached ${watched}`, {
		description: fresh
			? `The test event is the latest ${records.replace(/s$/, '')} of the last 30 days, open or closed, whose status now is one of the chosen changes. To try the workflow, make such a change in the service (or choose more statuses), then fetch again.`
			: 'The service is still preparing this data. Try again in a few seconds.',
	});
}

/**
 * The status a sample is shown to come from: the usual one's value only in the fields whose move the
 * sample shows, the others as they are now (a bill paid while pending approval was not approved before
 * it was paid, and must not read as an approval taken back).
 */
function previousForSample(watch: StatusWatch, usual: Status, current: Status): Status {
	const previous: Status = { ...current };
	for (const [field, value] of Object.entries(usual)) {
		if (watch.changes({ ...current, [field]: value }, current).length) previous[field] = value;
	}
	return previous;
}

/** The records a read listed before, when its snapshot has not changed: their status stands. */
function listedFromState(state: StatusState, query: number): Listed[] {
	return Object.entries(state.open)
		.filter(([, record]) => record.q === query && record.m === undefined && !record.p)
		.map(([hash, record]) => ({ hash, record: {}, status: record.s, day: record.d, query, lastUpdated: state.reads[query]?.lastUpdated ?? 0 }));
}

/**
 * One entry per open record. Where two reads list it (one's snapshot is older), the newer snapshot's.
 * The read of the rest (StatusQuery.rest) counts for a record no other read lists only where each of
 * them is as new as it: the record is then in none of their statuses (a bill awaiting a second
 * approval shows its approval status as '', and fires when it is approved). Where one of them is
 * older, the record may have entered its status since: one known keeps what was known, one not known
 * waits for a read that can tell (recorded so, a bill entered approved would fire as approved).
 */
function currentOf(queries: StatusQuery[], listed: Listed[], reads: Record<string, RangeRead | undefined>, state?: StatusState): Map<string, Listed> {
	const isRest = (entry: Listed) => queries[entry.query]?.rest === true;
	const current = latestOf(listed.filter((entry) => !isRest(entry)));
	for (const entry of latestOf(listed.filter(isRest)).values()) {
		if (current.has(entry.hash)) continue;
		const told = queries.every((query, at) => query.rest || (reads[at]?.lastUpdated ?? -Infinity) >= entry.lastUpdated);
		const known = state?.open[entry.hash];
		const unsaid = Object.fromEntries(Object.entries(queries[entry.query].stamp).filter(([, value]) => value === ''));
		if (told) current.set(entry.hash, { ...entry, status: { ...entry.status, ...unsaid } });
		else if (known) current.set(entry.hash, { ...entry, status: known.s });
	}
	return current;
}

/** One entry per record: where two reads list it (one's snapshot is older), the newer snapshot's. */
function latestOf(listed: Listed[]): Map<string, Listed> {
	const latest = new Map<string, Listed>();
	for (const entry of listed) {
		const other = latest.get(entry.hash);
		if (!other || entry.lastUpdated > other.lastUpdated) latest.set(entry.hash, entry);
	}
	return latest;
}

function isWatched(settings: TriggerSettings, changes: string[]): boolean {
	return !settings.statusFilter.length || changes.some((change) => settings.statusFilter.includes(change));
}


/** A status event's watch: readSettings sets it for every event of this family. */
function watchOf(ctx: IPollFunctions, settings: TriggerSettings): StatusWatch {
	if (!settings.statusWatch) throw new NodeOperationError(ctx.getNode(), `Event ${settings.event} is not a status event`);
	return settings.statusWatch;
}

/** The status events behind the poll kernel. */
export const statusChangePoller: FamilyPoller<StatusState> = {
	stateFormat: namedStateFormat(readStatusState),
	sample: async ({ ctx, settings, clock }) => await sampleStatusChange(ctx, settings, watchOf(ctx, settings), clock),
	// recording the present is a poll's reads with no state to compare them with
	recordPresent: async (turn) => await pollStatusChanges(turn, watchOf(turn.ctx, turn.settings), undefined),
	poll: async (turn, state) => await pollStatusChanges(turn, watchOf(turn.ctx, turn.settings), state),
};
