import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dayInZone, serviceDateOfDay, type Clock } from '../kernel/days';
import { recordDay } from '../events/recordLists';
import { contentIdentity } from '../events/identity';
import { fetchRecords, fetchWindow, windowQuery, type DayWindow, type WindowSnapshot } from '../kernel/fetchWindow';
import { maxAgeFor } from '../kernel/readPeriods';
import { coveredSpan, fullWindow, openReadQuery, openSetQuery, planRead, recentWindow, settingsSpan, type ReadPlan } from './schedule';
import type { TriggerSettings } from '../events/settings';
import { readState, SeenRecords, shortHash, writeState, type Outage, type TriggerState, type WindowSpan } from './state';
import type { FamilyPoller } from '../kernel/poll';
import { OUTAGE_BOUND, startingPointError } from '../kernel/outages';

interface DatedRecord {
	record: IDataObject;
	day: number;
}

function asItems(records: DatedRecord[]): INodeExecutionData[][] {
	return [records.map(({ record }) => ({ json: record, pairedItem: { item: 0 } }))];
}

/** A poll's new records, oldest first, so that downstream steps see events in the order they happened; null for none. */
function emitted(records: DatedRecord[]): INodeExecutionData[][] | null {
	return records.length ? asItems([...records].sort((left, right) => left.day - right.day)) : null;
}

function datedRecords(settings: TriggerSettings, records: IDataObject[], fallbackDay: number): DatedRecord[] {
	return records.map((record) => ({ record, day: recordDay(settings.definition, record) ?? fallbackDay }));
}

function windowText(window: DayWindow): string {
	return `${serviceDateOfDay(window.from)} – ${window.openEnded ? 'any later date' : serviceDateOfDay(window.to)}`;
}

/** "Fetch Test Event": the most recent matching record not dated in the future, without touching the state. */
async function sampleRecord(ctx: IPollFunctions, settings: TriggerSettings, clock: Clock) {
	const window = fullWindow(settings, clock.today, clock.today);
	const snapshot = await fetchWindow(ctx, settings, window, clock, settings.maxAge);
	// a record whose date is null cannot be placed: it stands in only when no record has a date
	const dated = snapshot.records.filter((record) => recordDay(settings.definition, record) !== undefined);
	const records = datedRecords(settings, dated.length ? dated : snapshot.records, snapshot.day);
	if (!records.length) {
		throw new NodeOperationError(ctx.getNode(), `No ${settings.definition.label} match the filters in ${windowText(window)}`, {
			description: snapshot.fresh
				? `The test event is the most recent of the ${settings.definition.label} dated in that range that match the filters. To try the workflow, enter one in your property-management system (or widen the filters), then fetch again.`
				: 'The service is still preparing this data. Try again in a few seconds.',
		});
	}
	const past = records.filter(({ day }) => day <= clock.today);
	// with nothing up to today (only scheduled events), the next one to happen stands in
	const pick = past.length
		? past.reduce((best, candidate) => (candidate.day >= best.day ? candidate : best))
		: records.reduce((best, candidate) => (candidate.day < best.day ? candidate : best));
	return asItems([pick]);
}

/**
 * How long the identity of a record that may have moved out of the window is kept. A tenant event's
 * key leaves its date out: it is kept this long after a read last listed it. A bill's or guest card's
 * key holds until its date falls behind the window, or, once a full read no longer lists it where its
 * date was (keepMovedAway), this long after that read. Such a record can leave the window with a
 * moved date (a move-out rescheduled half a year on, a bill's date corrected, a card merged into an
 * older lead) and come back into it months later: it must not fire again. The trigger cannot tell a
 * record that moved away from one that was deleted, so the key is kept this long, which bounds the
 * state by the tenant events listed, and the bills and cards that left the window early, in a year.
 */
export const MOVED_RECORD_KEEP_DAYS = 366;

/**
 * Records every key of one read as seen (seen.ts says what the two kinds are for):
 * - a key without the date (a tenant event): kept MOVED_RECORD_KEEP_DAYS past the read, or past the
 *   record's date when that is later;
 * - any other key: placed on its record's date, so that a later full read that covers that date and
 *   no longer lists it knows the record moved away rather than aged out. A rank beyond the first of
 *   records that share an identity is kept by its date instead: it stands for whichever look-alike
 *   is listed, not for one record that could move;
 * - a record of the open set (an unpaid bill) is also kept while a read still lists it in that set,
 *   whatever its own date: the open read lists it on every pass, and it must not fire again there.
 *   Every record an open read lists is in the set, also one whose status field came empty. The open
 *   read places no key on its date: it lists bills of any date, and one dated before the window is
 *   not moved away when a full read does not list it;
 * - a key on its day (look-alike tenant events): kept while that day may be read again.
 */
function addKeys(
	seen: SeenRecords,
	settings: TriggerSettings,
	keys: RankedKeys,
	records: DatedRecord[],
	snapshotDay: number,
	openRead: boolean,
	unrecorded: ReadonlySet<number> = new Set(),
): void {
	const dateless = keyOmitsDate(settings);
	keys.hashes.forEach((hash, at) => {
		if (unrecorded.has(at)) return;
		const { record, day } = records[at];
		if (dateless) {
			seen.add(hash, Math.max(day, snapshotDay + MOVED_RECORD_KEEP_DAYS));
		} else {
			if (openRead || settings.definition.openSet?.holds(record)) seen.add(hash, Math.max(day, snapshotDay));
			if (!openRead && keys.ranks[at] === 1) seen.place(hash, day);
			else if (!openRead) seen.add(hash, day);
		}
		if (keys.onDay[at] !== undefined) seen.add(keys.onDay[at], day);
	});
}

/**
 * After a complete read of `window`: the keys placed on its days that it no longer lists are kept
 * MOVED_RECORD_KEEP_DAYS, since their records may come back with another date (addKeys).
 */
function keepMovedAway(seen: SeenRecords, settings: TriggerSettings, keys: RankedKeys, window: DayWindow, snapshotDay: number): void {
	if (keyOmitsDate(settings)) return;
	seen.keepMovedAway(new Set(keys.hashes), window.from, window.openEnded ? undefined : window.to, snapshotDay + MOVED_RECORD_KEEP_DAYS);
}

/** The seen key leaves the record's date out: a moved date is the same record. */
function keyOmitsDate(settings: TriggerSettings): boolean {
	return settings.definition.keyOmitsDate === true && !settings.keyOptions.dateChanges;
}

/**
 * The seen key (hashed) of each record of one read. Records that share an identity in one read are
 * told apart by their rank among them (two roommates' move-ins whose tenant ids are null, two events
 * of one occupancy whose type and date are null): the n-th such record is new only when a read lists
 * more of them than were seen, so none is taken for another and none fires twice. Where the key
 * leaves the date out, look-alikes already seen on their day take the first ranks: a second move-out
 * of one occupancy entered with an earlier date is the one that fires, not the one seen before it.
 * `ranksSoFar`: of a read spread over polls, how many records of each identity (hashed) its earlier
 * pages listed; the ranks go on from there, and it is brought up to date.
 */
function readKeys(settings: TriggerSettings, records: DatedRecord[], seen?: SeenRecords, ranksSoFar?: Record<string, number>): RankedKeys {
	const keys = records.map(({ record }) => settings.definition.dedupeKey(record, settings.keyOptions));
	const onDay = settings.definition.keyOmitsDate ? records.map(({ day }, at) => shortHash(`${keys[at]}@${day}`)) : [];
	const counts = new Map<string, number>();
	const hashes: string[] = [];
	const ranks: number[] = [];
	let shared = false;
	const rank = (at: number) => {
		const count = (counts.get(keys[at]) ?? ranksSoFar?.[shortHash(keys[at])] ?? 0) + 1;
		counts.set(keys[at], count);
		shared ||= count > 1;
		ranks[at] = count;
		hashes[at] = shortHash(count === 1 ? keys[at] : `${keys[at]}#${count}`);
	};
	const seenOnDay = (at: number) => onDay[at] !== undefined && seen?.has(onDay[at]) === true;
	records.forEach((_, at) => seenOnDay(at) && rank(at));
	records.forEach((_, at) => seenOnDay(at) || rank(at));
	const alone = keys.map((key) => counts.get(key) === 1);
	if (ranksSoFar) for (const [key, count] of counts) ranksSoFar[shortHash(key)] = count;
	return { hashes, ranks, onDay, shared, alone };
}

interface RankedKeys {
	hashes: string[];
	/** each record's rank among the records of the read that share its identity (1: the first or only one) */
	ranks: number[];
	/** each record's key on its day, where the key leaves the date out (EventDefinition.keyOmitsDate) */
	onDay: string[];
	/** some records of the read share an identity */
	shared: boolean;
	/** each record's identity is its own in the read (no other record listed shares it) */
	alone: boolean[];
}

/**
 * A fresh read of what exists now, or the error that the starting point could not be recorded.
 * Undefined under n8n's poll budget when the read first waited for the service's refresh and its
 * pages did not fit after it: the next poll reads the refreshed snapshot at once.
 */
async function presentOf(ctx: IPollFunctions, settings: TriggerSettings, clock: Clock, qs: IDataObject) {
	const snapshot = await fetchRecords(ctx, settings, qs, clock, settings.maxAge);
	if (snapshot.fresh && snapshot.read) return { snapshot, read: snapshot.read };
	if (snapshot.cutShort) return undefined;
	throw startingPointError(ctx, settings.definition.label, settings.maxWait, 'Before watching for new records the trigger marks the existing ones as seen.');
}

/**
 * What the open set holds now, for the starting point. Under n8n's poll budget a read that does not fit
 * in what is left of the poll is not an error: its pages so far are recorded and the next poll goes on
 * in the same snapshot (`underWay`); one that got no fresh data in time is left to the next poll, whose
 * first read of the open set records what it holds.
 */
async function openPresentOf(ctx: IPollFunctions, settings: TriggerSettings, clock: Clock, qs: IDataObject) {
	if (!settings.pollBudget) return await presentOf(ctx, settings, clock, qs);
	const snapshot = await fetchRecords(ctx, settings, qs, clock, settings.maxAge, undefined, {});
	if (snapshot.fresh && (snapshot.read || snapshot.partial)) return { snapshot, read: snapshot.read };
	return undefined;
}

/**
 * First poll for these filters: what exists now (the window, and the open set of any date) counts as
 * seen; nothing is emitted. After a pause (Start From Now) the keys seen before it are kept beside
 * the present: a record emitted before the pause whose date lies outside the window now (a move-out
 * rescheduled beyond Look Ahead) must not fire again when it comes back.
 */
async function recordPresent(ctx: IPollFunctions, settings: TriggerSettings, clock: Clock, staticData: IDataObject, before?: TriggerState) {
	// after a pause the window reaches back from the old checkpoint, so that every key placed on a date
	// before it is read again: one that moved away during the pause is kept (keepMovedAway)
	const from = before && !keyOmitsDate(settings) ? Math.min(before.checkpoint, clock.today) : clock.today;
	const window = fullWindow(settings, from, clock.today);
	const windowPresent = await presentOf(ctx, settings, clock, windowQuery(settings, window));
	if (!windowPresent) return null;
	const openQuery = openReadQuery(settings, window.from);
	const openPresent = openQuery && (await openPresentOf(ctx, settings, clock, openQuery));
	const seen = before?.seen ?? new SeenRecords();
	const ranks: Record<string, number> = {};
	[windowPresent, openPresent].forEach((present, index) => {
		if (!present) return;
		const { snapshot } = present;
		const dated = datedRecords(settings, snapshot.records, snapshot.day);
		const openRead = index === 1;
		const keys = readKeys(settings, dated, undefined, openRead ? ranks : undefined);
		// after a pause: a record seen before it that left the window meanwhile may come back
		if (!openRead) keepMovedAway(seen, settings, keys, window, snapshot.day);
		addKeys(seen, settings, keys, dated, snapshot.day, openRead);
	});
	const underWay = openPresent?.snapshot.partial;
	writeState(staticData, {
		scope: settings.scope,
		checkpoint: windowPresent.snapshot.day,
		span: settingsSpan(settings),
		legacyKeys: false,
		reads: { full: windowPresent.read, open: openPresent?.read && { ...openPresent.read, before: window.from } },
		openUnderWay: underWay && { read: underWay, before: window.from, ranks },
		seen,
		polledAt: clock.now,
	});
	return null;
}

/** A day before `span`'s lookback from the checkpoint, or after its look-ahead from today (never, for an open-ended list). */
function isOutsideSpan(settings: TriggerSettings, span: WindowSpan, state: TriggerState, clock: Clock, day: number): boolean {
	if (day < state.checkpoint - span.back) return true;
	return !settings.definition.openEnded && day > clock.today + span.ahead;
}

/** Days a full read covers for the first time because the window was widened: recorded, not emitted. */
function isAddedDay(settings: TriggerSettings, state: TriggerState, clock: Clock, day: number): boolean {
	return state.span !== undefined && isOutsideSpan(settings, state.span, state, clock, day);
}

/**
 * The user's window in the directions where a full read covers more, because the window was narrowed
 * while ranks still span the wider one (coveredSpan): days beyond it are recorded, not emitted.
 * Unbounded in the other directions, where the read covers only the user's window.
 */
function narrowedSpan(settings: TriggerSettings, state: TriggerState): WindowSpan {
	const covered = coveredSpan(settings, state);
	return {
		back: covered.back > settings.lookbackDays ? settings.lookbackDays : Infinity,
		ahead: covered.ahead > settings.aheadDays ? settings.aheadDays : Infinity,
	};
}

/**
 * The records of the days a widened window adds (Lookback or Look Ahead raised since the last full
 * read), each read on its own range: the service places them by a date the record itself may show as
 * null ("any field may be null"), so a record listed there is known to belong to the added days even
 * when its date is null, and is recorded, not emitted. Their whole contents; undefined when a range
 * could not be read fresh (the poll then counts as one without fresh data).
 */
async function addedDaysRecords(ctx: IPollFunctions, settings: TriggerSettings, state: TriggerState, clock: Clock): Promise<Set<string> | undefined> {
	const added = new Set<string>();
	if (!state.span) return added;
	const ranges: DayWindow[] = [];
	const from = state.checkpoint - settings.lookbackDays;
	const formerFrom = state.checkpoint - state.span.back;
	if (from < formerFrom) ranges.push({ from, to: formerFrom - 1 });
	if (!settings.definition.openEnded && settings.aheadDays > state.span.ahead) {
		ranges.push({ from: clock.today + state.span.ahead + 1, to: clock.today + settings.aheadDays });
	}
	for (const range of ranges) {
		const snapshot = await fetchWindow(ctx, settings, range, clock, settings.maxAge);
		if (!snapshot.fresh) return undefined;
		for (const record of snapshot.records) added.add(contentIdentity(record));
	}
	return added;
}

/** Sorts the snapshot's records into seen and new, updating `state.seen`; returns the new ones. */
function newRecordsOf(
	settings: TriggerSettings,
	state: TriggerState,
	snapshot: WindowSnapshot,
	clock: Clock,
	plan: ReadPlan,
	addedDays: Set<string>,
	window: DayWindow | undefined,
	ranksSoFar?: Record<string, number>,
) {
	const { definition } = settings;
	const fresh: DatedRecord[] = [];
	const records = datedRecords(settings, snapshot.records, snapshot.day);
	const narrowed = narrowedSpan(settings, state);
	const keys = readKeys(settings, records, state.seen, ranksSoFar);
	// Older keys count until the first full read. A record that read did not list keeps only its
	// version-2 key until the day it is placed on is pruned: a bill dated before the window (the open
	// read lists it), one paid while the filter lists unpaid bills only (its payment voided later), so
	// every read looks for that key
	const carried = records.map(({ record }) => (state.legacyKeys ? definition.carriedKeys(record) : definition.carriedKeys(record).slice(0, 1)).map(shortHash));
	const seenBefore = keys.hashes.map((hash, at) => state.seen.has(hash) || carried[at].some((older) => state.seen.has(older)));
	// an older key stood for the one record it was saved for: once that record's own key is recorded it
	// is dropped, so that it cannot hide a look-alike entered later
	const movedOver = carried.flatMap((hashes, at) => hashes.filter((older) => older !== keys.hashes[at] && older !== keys.onDay[at] && state.seen.has(older)));
	const added = records.map((dated) => plan === 'full' && (isAddedDay(settings, state, clock, dated.day) || addedDays.has(contentIdentity(dated.record))));
	// an unpaid bill there fires as the open read would: that read lists only the days before the covered span
	const outside = records.map((dated) => plan === 'full' && isOutsideSpan(settings, narrowed, state, clock, dated.day) && !definition.openSet?.holds(dated.record));
	// A record beyond the narrowed window that was never seen is not the user's yet: recorded, it would
	// never fire when its date comes within the window. Only a record whose identity no
	// other listed record shares is left out: a look-alike's rank must be recorded, or the ranks seen would
	// have a gap that a look-alike inside the window takes on a later read, and it would fire twice.
	const unrecorded = new Set(records.flatMap((_, at) => (outside[at] && !added[at] && !seenBefore[at] && keys.alone[at] ? [at] : [])));
	// a full read lists every record dated in its window: a key placed there that it misses has moved away
	if (plan === 'full' && window) keepMovedAway(state.seen, settings, keys, window, snapshot.day);
	addKeys(state.seen, settings, keys, records, snapshot.day, plan === 'open', unrecorded);
	movedOver.forEach((older) => state.seen.forget(older));
	for (const [at, dated] of records.entries()) {
		if (seenBefore[at] || added[at] || outside[at]) continue;
		fresh.push(dated);
	}
	return { fresh, shared: keys.shared };
}

/** The days a read asks for; undefined for the open read (the open set dated before the full window). */
function windowOf(plan: Exclude<ReadPlan, 'none'>, settings: TriggerSettings, state: TriggerState, clock: Clock): DayWindow | undefined {
	if (plan === 'open') return undefined;
	return plan === 'full' ? fullWindow(settings, state.checkpoint, clock.today, coveredSpan(settings, state)) : recentWindow(clock.today);
}

/**
 * Since when the trigger has had no fresh data: the oldest data an answer of the outage still held was
 * last updated at `lastUpdated` (a failed refresh leaves it as it was, the docs' polling page), so the
 * outage began then at the latest; without it, at the first poll that got no fresh data.
 */
function outageStart(outage: Outage): number {
	return outage.lastUpdated === undefined ? outage.since : Math.min(outage.since, outage.lastUpdated * 1000);
}

function earliest(held: number | undefined, seen: number | undefined): number | undefined {
	return held === undefined ? seen : seen === undefined ? held : Math.min(held, seen);
}

function isLongOutage(outage: Outage, now: number): boolean {
	return outage.polls >= OUTAGE_BOUND.polls && now - outageStart(outage) >= OUTAGE_BOUND.minutes * 60_000;
}

function outageError(ctx: IPollFunctions, settings: TriggerSettings, outage: Outage, now: number) {
	const minutes = Math.floor((now - outageStart(outage)) / 60_000);
	const heldSince = outage.lastUpdated === undefined ? 'none' : new Date(outage.lastUpdated * 1000).toISOString();
	return new NodeOperationError(
		ctx.getNode(),
		`The service has not returned fresh ${settings.definition.label} for ${minutes} minutes (${outage.polls} polls in a row): its last answer was "${outage.status}"${outage.detail ? ` (${outage.detail})` : ''}, with data last updated ${heldSince}`,
		{
			description:
				'The service could not refresh its copy of the property-management data, so the trigger can see no new records. It loses none: once the data is fresh again, every record entered meanwhile fires once. Check the service\'s connection to your property-management system (for example an expired login) in its dashboard.',
		},
	);
}

function lastPolledAt(state: TriggerState): number {
	const reads = [state.reads.recent, state.reads.full, state.reads.open].map((read) => read?.readAt ?? -Infinity);
	return state.polledAt ?? Math.max(...reads);
}

/**
 * The day before which a full read forgets keys: Lookback before the checkpoint, but never a day the
 * last open read still listed its bills on, nor a day it did not cover yet. An unpaid bill dated before
 * the window is kept by the day of the open read that listed it; after more than Lookback days without
 * polls (a pause, n8n down) the full read may go first, and must not forget what the open read is about
 * to list again. The open read covers the days before the full window as it was then: a bill whose date
 * the window has just left (its key placed on that date only, when the full read listed it without its
 * status) is kept until an open read has covered that date and listed it, if it is still unpaid.
 */
function pruneBound(settings: TriggerSettings, state: TriggerState): number {
	const bound = state.checkpoint - (state.span ?? settingsSpan(settings)).back;
	const open = state.reads.open;
	if (!open || !openSetQuery(settings)) return bound;
	return Math.min(bound, dayInZone(open.lastUpdated * 1000, settings.timeZone), open.before ?? bound);
}

async function emitNewRecords(ctx: IPollFunctions, settings: TriggerSettings, clock: Clock, state: TriggerState) {
	const staticData = ctx.getWorkflowStaticData('node');
	const plan = planRead(settings, state, clock.now);
	// a poll that fails or gets no fresh data leaves the state as it was (but for the outage note)
	if (plan === 'none') {
		writeState(staticData, { ...state, polledAt: clock.now });
		return null;
	}
	const known = state.reads[plan];
	// keys of an earlier version move to this one on the first full read: it reads every record, even of a snapshot already read
	const shortcut = plan === 'full' && state.legacyKeys ? undefined : known;
	const window = windowOf(plan, settings, state, clock);
	// the open read lists the open set dated before the full window (planRead plans one only when the filters have an open set)
	const openBefore = fullWindow(settings, state.checkpoint, clock.today, coveredSpan(settings, state)).from;
	const query = window ? windowQuery(settings, window) : (openReadQuery(settings, openBefore) as IDataObject);
	// under the durable scheduler an open read longer than a poll goes on at the next poll, in the same snapshot
	const underWay = plan === 'open' && state.openUnderWay?.before === openBefore ? state.openUnderWay : undefined;
	const resumable = plan === 'open' && settings.pollBudget ? { from: underWay?.read } : undefined;
	const snapshot = await fetchRecords(ctx, settings, query, clock, maxAgeFor(settings, known, clock.now), shortcut, resumable);
	const ranksSoFar = plan !== 'open' ? undefined : snapshot.resumed && underWay ? underWay.ranks : {};
	if (snapshot.partial && ranksSoFar) {
		state.outage = undefined;
		const { fresh } = newRecordsOf(settings, state, snapshot, clock, plan, new Set(), undefined, ranksSoFar);
		state.openUnderWay = { read: snapshot.partial, before: openBefore, ranks: ranksSoFar };
		state.polledAt = clock.now;
		writeState(staticData, state);
		// the open set's first read records what it holds, as activation does (below)
		return known ? emitted(fresh) : null;
	}
	const addedDays = plan === 'full' && snapshot.fresh ? await addedDaysRecords(ctx, settings, state, clock) : new Set<string>();
	// Not fresh in time: a later poll asks for the same window again, so nothing is lost; a long
	// outage fails the poll, so that n8n records it and runs the error workflow
	if (!snapshot.fresh || !snapshot.read || !addedDays) {
		state.outage = {
			since: state.outage?.since ?? clock.now,
			polls: (state.outage?.polls ?? 0) + 1,
			status: snapshot.status,
			// the oldest data any answer of the outage still held: that read has not refreshed since
			lastUpdated: earliest(state.outage?.lastUpdated, snapshot.lastUpdated),
			detail: snapshot.statusDetail,
		};
		writeState(staticData, state);
		if (isLongOutage(state.outage, clock.now)) throw outageError(ctx, settings, state.outage, clock.now);
		return null;
	}
	state.outage = undefined;
	// the service still serves the snapshot already processed: its later pages hold nothing new
	const listed = snapshot.unchanged ? { fresh: [], shared: true } : newRecordsOf(settings, state, snapshot, clock, plan, addedDays, window, ranksSoFar);
	if (plan === 'open') state.openUnderWay = undefined;
	// state saved before the open set existed: its first read records what that set holds, as activation does
	const newRecords = plan === 'open' && !known ? [] : listed.fresh;

	if (plan === 'full') {
		state.checkpoint = Math.max(state.checkpoint, snapshot.day);
		// ranks hold only in the days they were counted in: a narrowed window is read as before while any identity is shared
		state.span = listed.shared ? coveredSpan(settings, state) : settingsSpan(settings);
		state.legacyKeys = false;
		state.seen.pruneBefore(pruneBound(settings, state));
	}
	// an unchanged read cost one request; the period keeps following the cost of reading it all
	const requests = snapshot.unchanged ? (known?.requests ?? snapshot.read.requests) : snapshot.read.requests;
	state.reads[plan] = plan === 'open' ? { ...snapshot.read, requests, before: openBefore } : { ...snapshot.read, requests };
	// Today is a day of the full window, so its read costs at most the window's. State saved when the
	// looks at a running refresh counted (fetchWindow.ts pacedRequests) can hold more: a recent period
	// longer than the full one is never reached, as the full read goes first each time, so that cost
	// would never be measured again and the recent day never read.
	const recent = state.reads.recent;
	if (plan === 'full' && recent && recent.requests > requests) state.reads.recent = { ...recent, requests };
	state.polledAt = clock.now;
	writeState(staticData, state);

	return emitted(newRecords);
}

/** The new-record events behind the poll kernel. */
export const newRecordPoller: FamilyPoller<TriggerState> = {
	stateFormat: { read: readState, polledAt: lastPolledAt },
	sample: async ({ ctx, settings, clock }) => await sampleRecord(ctx, settings, clock),
	recordPresent: async ({ ctx, settings, clock }, pausedFrom) => {
		const staticData = ctx.getWorkflowStaticData('node');
		// after a pause, forgotten first, so that the next poll records the present if this one cannot
		if (pausedFrom) for (const key of Object.keys(staticData)) delete staticData[key];
		return await recordPresent(ctx, settings, clock, staticData, pausedFrom);
	},
	poll: async ({ ctx, settings, clock }, state) => await emitNewRecords(ctx, settings, clock, state),
};
