/**
 * The soak's oracle (issue 49): from the script's log of what happened to every record and to the
 * workflow, and the trigger's documented meaning (docs/trigger.md "What the soak checks"), it judges
 * every emission of one trigger: each record that had to fire fired exactly once and in time, nothing
 * fired that must not, nothing fired twice.
 */
import type { SoakEvent } from './world';

const DAY_MS = 86_400_000;

/** One change of a record: its date (a day number) or null once deleted; `open`: a bill still unpaid. */
export interface RecordChange {
	at: number;
	day: number | null;
	open?: boolean;
	/** entered without its id (the trigger tells it by the fields it keeps for life) */
	idless?: boolean;
	/**
	 * shown without its date (hostile profile): a full read that still covers the span of a narrowed Look
	 * Ahead lists it, and the trigger cannot place it, so it may fire (docs/trigger.md "Changing settings")
	 */
	undated?: boolean;
}

/** A record the oracle follows, under the key the trigger's emissions are matched by. */
export interface TrackedRecord {
	key: string;
	history: RecordChange[];
	/** seeded before the workflow was activated */
	baseline: boolean;
}

/** A poll of the workflow, as n8n saw it. */
export interface PollRecord {
	at: number;
	/** virtual instant the poll ended (its items are handed on then) */
	endedAt: number;
	/** ok: read fresh data or had nothing due; stale: no fresh data (outage); failed: threw; killed: n8n died before it ended */
	outcome: 'ok' | 'stale' | 'failed' | 'killed';
	/** the poll recorded the present (first activation, a filter changed, or After a Pause: Start From Now) */
	recordsPresent: boolean;
	/** it starts over (first activation, a filter changed): what was not present is not known */
	startsOver?: boolean;
	/** keys of the items n8n received */
	emitted: string[];
	/** the trigger's checkpoint (a day) before the poll: the window reaches Lookback before it */
	checkpoint?: number;
	/** Lookback / Look Ahead in force at this poll */
	lookbackDays: number;
	aheadDays: number;
	today: number;
	/** a Status = Unpaid filter: only unpaid bills are listed */
	onlyOpen?: boolean;
	/** the first full read after Lookback was widened: it recorded the records of these days (checkpoint-relative days), emitting none */
	added?: { from: number; to: number };
	/**
	 * Look Ahead widened: this poll's full read covered the span the state held, and recorded these days
	 * (days, from the trigger's today) as present, emitting none: the days the widened Look Ahead added
	 * beyond that span (docs/trigger.md "Changing settings")
	 */
	recorded?: Array<{ from: number; to: number }>;
	/** the package was upgraded over older state at this instant, and no full read has moved the keys over yet */
	upgradedAt?: number;
	/** n8n saved the state after this poll (it emitted, an activation or restart, the first poll after an edit) */
	saved?: boolean;
	/** date and past-due events: what the service listed at the poll's start (changeOracle.ts) */
	truth?: Record<string, number>;
}

export interface OracleVerdict {
	expected: number;
	emitted: number;
	missed: string[];
	doubled: string[];
	unexpected: string[];
	late: string[];
	/** the longest time a record was surely listed and not yet emitted (virtual ms, outages and pauses included) */
	maxDelayMs: number;
}

export interface OracleOptions {
	/** bills: an unpaid bill of any date is listed (the open read) */
	openEnded: boolean;
	/** how long a due record may take, in time the workflow polled with fresh data */
	boundMs: number;
	/** a record's identity is kept this long after its date left the window (366 days) */
	keepAfterLeavingDays: number;
	/**
	 * Bills and guest cards: a record whose date lay behind the window when it was last listed (it aged
	 * out, or a bill was paid while dated before the window) is forgotten, and may fire again if its
	 * date is later moved into the window (docs/trigger.md "Identities"). Only one that left the window
	 * with a moved date is kept the year.
	 */
	forgetsAgedOut: boolean;
	/** the workflow's poll interval: a longer gap between two polls is a pause, which does not count as delay */
	pollIntervalMs: number;
	/**
	 * Tenant events: the older state's key held the event's date (version 2). A record the upgrade's
	 * first full read does not list with the date it had at the upgrade (outside the window, or moved
	 * since) keeps only that old key, and may fire once more (docs/trigger.md "Identities").
	 */
	olderKeysHoldDate?: boolean;
	/**
	 * Bills and guest cards: whether the script edited a record (`key`) after `from` and by `to`. Version 2
	 * keyed one without an id by its whole content, so one edited between the upgrade and the first full
	 * read after it no longer matches its carried key, and may fire once more (docs/trigger.md "Upgrade
	 * over version-2 state"; the year at 10,000 units, seed 1: a bill whose payment was voided so).
	 */
	editedBetween?: (key: string, from: number, to: number) => boolean;
}

function stateAt(record: TrackedRecord, at: number): RecordChange | undefined {
	let current: RecordChange | undefined;
	for (const change of record.history) {
		if (change.at > at) break;
		current = change;
	}
	return current;
}

/** Listed by the trigger's window for sure (one day inside each bound), or maybe (one day outside, and back to the checkpoint). */
function visibility(record: TrackedRecord, poll: PollRecord, options: OracleOptions): 'strict' | 'loose' | 'none' {
	const state = stateAt(record, poll.at);
	if (!state || state.day === null) return 'none';
	if (poll.onlyOpen && !state.open) return 'none';
	if (options.openEnded && state.open) return 'strict';
	const ahead = options.openEnded ? Infinity : poll.aheadDays;
	const day = state.day;
	if (day >= poll.today - poll.lookbackDays + 1 && day <= poll.today + ahead - 1) return 'strict';
	const from = Math.min(poll.checkpoint ?? poll.today, poll.today) - poll.lookbackDays - 1;
	if (day >= from && day <= poll.today + ahead + 1) return 'loose';
	if (state.undated && day > poll.today + ahead) return 'loose';
	return 'none';
}

/**
 * Walks every poll in order for each record. A record counts as known to the trigger once emitted or
 * recorded with the present; it must fire once it was surely listed (strict) at fresh polls for
 * `boundMs` of polling without being known; it may fire when it was maybe listed (loose) or entered
 * a recording poll at the edge of its window.
 */
export function judge(records: TrackedRecord[], polls: PollRecord[], options: OracleOptions): OracleVerdict {
	const verdict: OracleVerdict = { expected: 0, emitted: 0, missed: [], doubled: [], unexpected: [], late: [], maxDelayMs: 0 };
	const emittedAt = new Map<string, number[]>();
	for (const poll of polls) {
		if (poll.outcome === 'killed') continue;
		for (const key of poll.emitted) emittedAt.set(key, [...(emittedAt.get(key) ?? []), poll.endedAt]);
	}
	const tracked = new Set(records.map((record) => record.key));
	for (const [key, times] of emittedAt) {
		verdict.emitted += times.length;
		if (!tracked.has(key)) verdict.unexpected.push(`${key} (not a record the script knows)`);
	}
	for (const record of records) {
		const emissions = emittedAt.get(record.key) ?? [];
		let known = false;
		let mayFire = false;
		let dueSince: number | undefined;
		let dueFor = 0;
		let lastFresh: number | undefined;
		let outsideSince: number | undefined;
		let mustFire = false;
		let firedOnce = false;
		let next = 0;
		let wasOpen: boolean | undefined;
		let strictSince: number | undefined;
		let wasSeen: 'strict' | 'loose' | 'none' = 'none';
		let dayBefore: number | null | undefined;
		let agedOut = false;
		for (const poll of polls) {
			const seen = visibility(record, poll, options);
			const state = stateAt(record, poll.at);
			// less visible than at the poll before with the same date: it is leaving the window by age (or a bill was paid while dated before it), not moved away
			const fading = (wasSeen === 'strict' && seen !== 'strict') || (wasSeen === 'loose' && seen === 'none');
			if (fading && state?.day !== null && state?.day === dayBefore) agedOut = options.forgetsAgedOut;
			// moved while its old date had already fallen behind today's window: the trigger may have forgotten it as aged out (the full read reached from that day on)
			if (state?.day !== dayBefore && typeof dayBefore === 'number' && dayBefore <= poll.today - poll.lookbackDays) agedOut = options.forgetsAgedOut;
			// moved into the window after it aged out: the trigger forgot it and may emit it again
			if (agedOut && seen !== 'none' && state?.day !== dayBefore) {
				if (known) mayFire = true;
				agedOut = false;
			}
			wasSeen = seen;
			dayBefore = state?.day;
			if (poll.upgradedAt !== undefined && known && options.olderKeysHoldDate && (seen !== 'strict' || stateAt(record, poll.upgradedAt)?.day !== state?.day)) mayFire = true;
			if (poll.upgradedAt !== undefined && known && state?.idless && options.editedBetween?.(record.key, poll.upgradedAt, poll.at)) mayFire = true;
			const inRecorded = state?.day === null || state === undefined ? undefined : poll.recorded?.find((range) => state.day! >= range.from - 1 && state.day! <= range.to + 1);
			const inAdded = poll.added !== undefined && state !== undefined && state.day !== null && state.day >= poll.added.from - 1 && state.day <= poll.added.to + 1;
			// docs/trigger.md "What is dated too far back": a bill whose payment is voided once it is dated before the window fires again
			if (options.openEnded && state?.open && wasOpen === false && state.day !== null && state.day < poll.today - poll.lookbackDays) mayFire = true;
			wasOpen = state?.open;
			// a record out of the window long enough is forgotten: it may fire again when it comes back
			if (seen === 'none' && state?.day !== null && state !== undefined) outsideSince ??= poll.at;
			else if (seen !== 'none') {
				if (known && outsideSince !== undefined && poll.at - outsideSince > options.keepAfterLeavingDays * DAY_MS) {
					known = false;
					mayFire = true;
				}
				outsideSince = undefined;
			}
			// since when the record has surely been listed and not known: what its delay counts from (outages and pauses included)
			if (seen === 'strict' && !known) strictSince ??= poll.at;
			else if (seen !== 'strict') strictSince = undefined;
			const firedHere: number[] = [];
			while (next < emissions.length && emissions[next] <= poll.endedAt) firedHere.push(emissions[next++]);
			if (poll.outcome === 'killed' || poll.outcome === 'failed') {
				lastFresh = poll.endedAt;
				continue;
			}
			if (firedHere.length) {
				// a seeded record only leaves the window by age (or enters at its upper edge) until the script re-dates it:
				// moved in from before it, it is at the window's edge as a script's record is (the year's seed 5: two
				// move-ins of 2023 re-dated into the window's first day fired, rightly)
				const untouchedSeed = record.baseline && record.history.every((change) => change.at > poll.at || change.day === record.history[0].day);
				if (known && !mayFire) verdict.doubled.push(`${record.key} at ${new Date(poll.endedAt).toISOString()}`);
				else if (!known && seen === 'none' && !mayFire && !untouchedSeed) verdict.unexpected.push(`${record.key} (not listed) at ${new Date(poll.endedAt).toISOString()}`);
				// a seeded record at the window's upper edge comes into it as days pass: it may fire there (a tenant event dated today + Look Ahead)
				else if (!known && untouchedSeed && seen !== 'strict' && !(seen === 'loose' && state!.day! > poll.today) && !mayFire) verdict.unexpected.push(`${record.key} (seeded, not due) at ${new Date(poll.endedAt).toISOString()}`);
				if (firedHere.length > 1) verdict.doubled.push(`${record.key} twice in one poll`);
				if (inAdded && !known && !mayFire && state!.day! > poll.added!.from && state!.day! < poll.added!.to) verdict.unexpected.push(`${record.key} (dated in the days a widened Lookback added) at ${new Date(poll.endedAt).toISOString()}`);
				if (inRecorded && !known && !mayFire && state!.day! > inRecorded.from && state!.day! < inRecorded.to) verdict.unexpected.push(`${record.key} (dated in the days a changed Look Ahead recorded) at ${new Date(poll.endedAt).toISOString()}`);
				if (strictSince !== undefined) verdict.maxDelayMs = Math.max(verdict.maxDelayMs, poll.endedAt - strictSince);
				strictSince = undefined;
				firedOnce = true;
				known = true;
				mayFire = false;
				dueSince = undefined;
				dueFor = 0;
				continue;
			}
			// Look Ahead widened: the days the full read recorded (at their edges, either way)
			if (inRecorded && !known) {
				known = true;
				mayFire = state!.day! <= inRecorded.from || state!.day! >= inRecorded.to;
				dueSince = undefined;
				dueFor = 0;
				continue;
			}
			// Lookback widened: the added days' records are recorded, not emitted (at their edges, either)
			if (inAdded && !known) {
				known = true;
				mayFire = state!.day! <= poll.added!.from || state!.day! >= poll.added!.to;
				dueSince = undefined;
				dueFor = 0;
				continue;
			}
			if (poll.recordsPresent) {
				if (seen !== 'none') {
					known = true;
					// at the edge of the window the present may or may not hold it
					mayFire = seen === 'loose';
				} else if (poll.startsOver) {
					known = false;
					mayFire = false;
				}
				dueSince = undefined;
				dueFor = 0;
				continue;
			}
			if (poll.outcome !== 'ok') {
				lastFresh = poll.endedAt;
				continue;
			}
			if (known || seen !== 'strict') {
				if (seen === 'loose' && !known) mayFire = true;
				dueSince = undefined;
				dueFor = 0;
				lastFresh = poll.endedAt;
				continue;
			}
			if (dueSince === undefined) {
				dueSince = poll.endedAt;
				dueFor = 0;
			} else dueFor += Math.min(options.pollIntervalMs, poll.endedAt - (lastFresh ?? poll.endedAt));
			lastFresh = poll.endedAt;
			if (dueFor > options.boundMs && !mustFire) {
				mustFire = true;
				verdict.expected += 1;
				verdict.late.push(`${record.key}: due since ${new Date(dueSince).toISOString()}, not emitted after ${(dueFor / 60_000).toFixed(0)} min of fresh polls`);
			}
		}
		if (mustFire && !firedOnce) verdict.missed.push(record.key);
		if (!mustFire && firedOnce && !record.baseline) verdict.expected += 1;
	}
	// a late record that then fired is late, not missed; one that never fired is both: report it as missed
	verdict.late = verdict.late.filter((line) => !verdict.missed.some((key) => line.startsWith(`${key}:`)));
	return verdict;
}

/** The script's log, for a report of a failing run. */
export function describeLog(log: SoakEvent[], key: string): string {
	return log
		.filter((event) => event.key === key || event.key === undefined)
		.map((event) => `${new Date(event.at).toISOString()} ${event.what}${event.key ? ` ${event.key}` : ''}`)
		.join('\n');
}
