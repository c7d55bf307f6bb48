/**
 * The soak's oracle for the issue-48 change events (docs/trigger.md "What the soak checks"): status
 * changes judged from the script's log of every status it gave a record; dates coming up and rent
 * past due judged from what the service listed at each poll (the world samples it in-process, from
 * the sandbox's own data: the truth the trigger reads, not the trigger's state).
 */
import type { OracleVerdict, PollRecord } from './oracle';

/** One status a record had from `at` on; `open`: the trigger's open reads list it (deleted: false). */
export interface StatusStep {
	at: number;
	status: string;
	open: boolean;
}

export interface StatusTimeline {
	key: string;
	steps: StatusStep[];
}

export interface ChangeOracleOptions {
	/** how long a due occurrence may take, in time the workflow polled with fresh data */
	boundMs: number;
	pollIntervalMs: number;
}

function emptyVerdict(): OracleVerdict {
	return { expected: 0, emitted: 0, missed: [], doubled: [], unexpected: [], late: [], maxDelayMs: 0 };
}

const iso = (at: number) => new Date(at).toISOString();

/** Polls that n8n saw end (a killed poll's items and state are lost). */
function livePolls(polls: PollRecord[]): PollRecord[] {
	return polls.filter((poll) => poll.outcome !== 'killed');
}

/**
 * Time the workflow polled with fresh data within (from, to]: each ok poll counts the time since the
 * poll before it, at most one interval (a longer gap is a pause, which does not count).
 */
function freshTime(polls: PollRecord[], from: number, to: number, intervalMs: number): number {
	let total = 0;
	let previous: number | undefined;
	for (const poll of polls) {
		if (poll.at > to) break;
		if (poll.at > from && poll.outcome === 'ok' && !poll.recordsPresent) total += Math.min(intervalMs, poll.at - (previous ?? poll.at));
		previous = poll.at;
	}
	return total;
}

/**
 * From when the trigger surely still knows what it read after `from` at `to`: a killed poll sends n8n
 * back to the state it last saved (n8n 1.x saves it when a poll emits, at activation and after an
 * edit), so what polls read since that save is forgotten. Each kill after `from` with no save between
 * `from` and it moves `from` to the kill.
 */
function knownSince(polls: PollRecord[], from: number, to: number): number {
	let since = from;
	let savedSince = false;
	for (const poll of polls) {
		if (poll.at >= to) break;
		if (poll.at <= since) continue;
		if (poll.outcome === 'killed') {
			if (!savedSince) since = poll.at;
			savedSince = false;
		} else if (poll.saved) savedSince = true;
	}
	return since;
}

/** The first poll after `at` that read fresh data (Infinity: none). */
function firstOkAfter(polls: PollRecord[], at: number): number {
	return polls.find((poll) => poll.at > at && poll.outcome === 'ok')?.at ?? Infinity;
}

/** Emissions n8n received, by key, with the virtual instant of each. */
function emissionsOf(polls: PollRecord[], verdict: OracleVerdict): Map<string, number[]> {
	const emitted = new Map<string, number[]>();
	for (const poll of livePolls(polls)) {
		for (const key of poll.emitted) emitted.set(key, [...(emitted.get(key) ?? []), poll.endedAt]);
		verdict.emitted += poll.emitted.length;
	}
	return emitted;
}

interface Occurrence {
	key: string;
	at: number;
	until: number;
	/** the first poll recording the present after it (its change is then known, never fired) */
	recordedAt?: number;
	required: boolean;
	fired: number[];
}

/**
 * Status changes ("Status changes"): an occurrence is a record's move into a status that `changesOf`
 * names (the user's filter applied), keyed `<record> -> <change>`. It must fire once when the record was
 * open and listed long enough before it for the trigger to have recorded its status (the bound of
 * fresh polls since the later of its open stretch's start and the last poll that recorded the present,
 * and since any killed poll that sent n8n back to a state saved before the record was known)
 * and it stayed long enough after it (several moves between two polls fire once, from the status
 * recorded to the latest: a move the next one overtook may fire or not). A move made before a poll
 * that records the present (activation, Start From Now after a pause) never fires after that poll.
 * An emission counts for the latest move into its status before it; two for one move are doubled.
 */
export function judgeStatusChanges(timelines: StatusTimeline[], polls: PollRecord[], changesOf: (previous: string, current: string) => string[], options: ChangeOracleOptions): OracleVerdict {
	const verdict = emptyVerdict();
	const live = livePolls(polls);
	const recordings = live.filter((poll) => poll.recordsPresent).map((poll) => poll.at);
	const emitted = emissionsOf(polls, verdict);
	const occurrences = new Map<string, Occurrence[]>();
	for (const { key, steps } of timelines) {
		for (let at = 1; at < steps.length; at++) {
			const step = steps[at];
			const until = steps[at + 1]?.at ?? Infinity;
			let openSince = step.at;
			for (let back = at - 1; back >= 0 && steps[back].open; back--) openSince = steps[back].at;
			const lastRecording = Math.max(-Infinity, ...recordings.filter((instant) => instant <= step.at));
			const recordedAt = recordings.find((instant) => instant > step.at && instant < until);
			// a kill before the first poll that reads the move counts too: n8n's saved state may not know the record
			const since = knownSince(polls, Math.max(openSince, lastRecording), firstOkAfter(polls, step.at));
			const seenBefore = steps[at - 1].open && since <= step.at && freshTime(live, since, step.at, options.pollIntervalMs) >= options.boundMs;
			const heldAfter = freshTime(live, step.at, Math.min(until, recordedAt ?? Infinity), options.pollIntervalMs) >= options.boundMs;
			for (const change of changesOf(steps[at - 1].status, step.status)) {
				const name = `${key} -> ${change}`;
				const list = occurrences.get(name) ?? [];
				list.push({ key: name, at: step.at, until, recordedAt, required: seenBefore && heldAfter && recordedAt === undefined, fired: [] });
				occurrences.set(name, list);
			}
		}
	}
	for (const [name, times] of emitted) {
		for (const time of times) {
			const candidates = (occurrences.get(name) ?? []).filter((occurrence) => occurrence.at <= time);
			const occurrence = candidates[candidates.length - 1];
			if (!occurrence) verdict.unexpected.push(`${name} (no such move before ${iso(time)})`);
			else if (occurrence.recordedAt !== undefined && occurrence.recordedAt < time) verdict.unexpected.push(`${name} at ${iso(time)} (moved ${iso(occurrence.at)}, recorded as present ${iso(occurrence.recordedAt)})`);
			else occurrence.fired.push(time);
		}
	}
	for (const list of occurrences.values()) {
		for (const occurrence of list) {
			if (occurrence.fired.length > 1) verdict.doubled.push(`${occurrence.key} moved ${iso(occurrence.at)}: ${occurrence.fired.map(iso).join(', ')}`);
			if (!occurrence.required) {
				if (occurrence.fired.length) verdict.expected += 1;
				continue;
			}
			verdict.expected += 1;
			if (!occurrence.fired.length) {
				verdict.missed.push(`${occurrence.key} moved ${iso(occurrence.at)}`);
				continue;
			}
			const delay = freshTime(live, occurrence.at, occurrence.fired[0], options.pollIntervalMs);
			verdict.maxDelayMs = Math.max(verdict.maxDelayMs, occurrence.fired[0] - occurrence.at);
			if (delay > options.boundMs) verdict.late.push(`${occurrence.key}: moved ${iso(occurrence.at)}, emitted ${iso(occurrence.fired[0])} after ${(delay / 60_000).toFixed(0)} min of fresh polls`);
		}
	}
	return verdict;
}

/** A key's run of consecutive polls the service listed it the same way (a date within the horizons, an amount above the threshold). */
interface Epoch {
	key: string;
	value: number;
	/** indexes into the polls */
	first: number;
	last: number;
	fired: Array<{ at: number; horizon?: number }>;
}

function epochsOf(polls: PollRecord[]): Map<string, Epoch[]> {
	const epochs = new Map<string, Epoch[]>();
	const open = new Map<string, Epoch>();
	polls.forEach((poll, index) => {
		const truth = poll.truth ?? {};
		for (const [key, epoch] of open) {
			if (truth[key] !== epoch.value) open.delete(key);
		}
		for (const [key, value] of Object.entries(truth)) {
			const epoch = open.get(key);
			if (epoch) epoch.last = index;
			else {
				const started: Epoch = { key, value, first: index, last: index, fired: [] };
				open.set(key, started);
				epochs.set(key, [...(epochs.get(key) ?? []), started]);
			}
		}
	});
	return epochs;
}

/** The poll recording the present within an epoch, if any (what the epoch held then is known). */
function recordingIn(polls: PollRecord[], epoch: Epoch): number | undefined {
	for (let index = epoch.first; index <= epoch.last; index++) if (polls[index].recordsPresent && polls[index].outcome !== 'killed') return index;
	return undefined;
}

const nearest = (horizons: number[], daysLeft: number) => Math.min(...horizons.filter((horizon) => horizon >= daysLeft));

/**
 * Dates coming up ("Dates coming up and rent past due"): the truth at each poll holds, per record and
 * date field (`lease|<occupancy>`, `vendor|<id>|<field>`), the date's day while it lies within the
 * largest horizon and not past. An epoch is a run of polls with one date; each horizon that stays
 * the nearest reached for the bound of fresh polls must fire (itself, or a nearer one) once per date;
 * emissions `<key> <day> <horizon>` name the nearest horizon reached when they fire (today at the
 * poll, or the next day when the poll straddles midnight), never one reached before or one fired
 * already for that date; what a recording poll found reached never fires for that date.
 */
export function judgeHorizons(polls: PollRecord[], horizons: number[], options: ChangeOracleOptions): OracleVerdict {
	const verdict = emptyVerdict();
	const live = livePolls(polls);
	const epochs = epochsOf(polls);
	const emitted = emissionsOf(polls, verdict);
	for (const [name, times] of emitted) {
		const [key, dayText, horizonText] = name.split(' ');
		const day = Number(dayText);
		const horizon = Number(horizonText);
		for (const time of times) {
			const candidates = (epochs.get(key) ?? []).filter((epoch) => epoch.value === day && polls[epoch.first].at <= time);
			const epoch = candidates[candidates.length - 1];
			if (!epoch || polls[epoch.last].endedAt < time - options.pollIntervalMs) {
				verdict.unexpected.push(`${name} at ${iso(time)} (not listed with that date within the horizons)`);
				continue;
			}
			const emitting = polls.findIndex((poll, index) => index >= epoch.first && poll.endedAt === time);
			const today = polls[emitting >= 0 ? emitting : epoch.last].today;
			if (horizon !== nearest(horizons, day - today) && horizon !== nearest(horizons, day - today - 1)) verdict.unexpected.push(`${name} at ${iso(time)} (the nearest horizon then: ${nearest(horizons, day - today)})`);
			const recording = recordingIn(polls, epoch);
			if (recording !== undefined && polls[recording].at < time && horizon >= nearest(horizons, day - polls[recording].today)) verdict.unexpected.push(`${name} at ${iso(time)} (reached when recorded ${iso(polls[recording].at)})`);
			if (epoch.fired.some((fired) => fired.horizon! <= horizon)) verdict.doubled.push(`${name} at ${iso(time)} (${epoch.fired.map((fired) => `${fired.horizon} at ${iso(fired.at)}`).join(', ')} before)`);
			epoch.fired.push({ at: time, horizon });
		}
	}
	for (const list of epochs.values()) {
		for (const epoch of list) {
			const recording = recordingIn(polls, epoch);
			const known = recording === undefined ? Infinity : nearest(horizons, epoch.value - polls[recording].today);
			// runs of one nearest horizon within the epoch
			let from = epoch.first;
			while (from <= epoch.last) {
				const horizon = nearest(horizons, epoch.value - polls[from].today);
				let to = from;
				while (to + 1 <= epoch.last && nearest(horizons, epoch.value - polls[to + 1].today) === horizon) to++;
				const end = to + 1 < polls.length ? polls[to + 1].at : polls[to].endedAt;
				const start = polls[from].at;
				if (horizon < known && (recording === undefined || from > recording) && freshTime(live, start, end, options.pollIntervalMs) >= options.boundMs) {
					verdict.expected += 1;
					const fired = epoch.fired.find((one) => one.horizon! <= horizon);
					const name = `${epoch.key} ${epoch.value} ${horizon}`;
					if (!fired) verdict.missed.push(`${name} (nearest from ${iso(start)} to ${iso(end)})`);
					else if (fired.at > start) {
						verdict.maxDelayMs = Math.max(verdict.maxDelayMs, fired.at - start);
						const delay = freshTime(live, start, fired.at, options.pollIntervalMs);
						if (delay > options.boundMs) verdict.late.push(`${name}: due ${iso(start)}, emitted ${iso(fired.at)} after ${(delay / 60_000).toFixed(0)} min of fresh polls`);
					}
				}
				from = to + 1;
			}
		}
	}
	return verdict;
}

/**
 * Rent past due: the truth at each poll holds the occupancies whose pastDue lies above the threshold
 * (`pastDue|<occupancy>` -> 1). Each run above it fires once (`pastDue|<occupancy>`) when it lasted the
 * bound of fresh polls and the time at or below it before (since the run before, if any) lasted it too,
 * so that a read surely found it cleared; none fires twice; a run a recording poll found above never fires
 * after that poll (activation, Past Due Above changed), and must have fired before it when it lasted the
 * bound before it.
 */
export function judgeThreshold(polls: PollRecord[], options: ChangeOracleOptions): OracleVerdict {
	const verdict = emptyVerdict();
	const live = livePolls(polls);
	const epochs = epochsOf(polls);
	const emitted = emissionsOf(polls, verdict);
	for (const [key, times] of emitted) {
		for (const time of times) {
			const candidates = (epochs.get(key) ?? []).filter((epoch) => polls[epoch.first].at <= time);
			const epoch = candidates[candidates.length - 1];
			if (!epoch || polls[epoch.last].endedAt < time - options.pollIntervalMs) {
				verdict.unexpected.push(`${key} at ${iso(time)} (not above the threshold then)`);
				continue;
			}
			const recording = recordingIn(polls, epoch);
			if (recording !== undefined && polls[recording].at < time) verdict.unexpected.push(`${key} at ${iso(time)} (above when recorded ${iso(polls[recording].at)})`);
			if (epoch.fired.length) verdict.doubled.push(`${key} at ${iso(time)} (fired ${iso(epoch.fired[0].at)} in this delinquency)`);
			epoch.fired.push({ at: time });
		}
	}
	for (const list of epochs.values()) {
		list.forEach((epoch, at) => {
			// from a recording poll on (activation, Past Due Above changed) the run is known and never fires: before it, it must have
			const recording = recordingIn(polls, epoch);
			const last = recording === undefined ? epoch.last : recording - 1;
			const start = polls[epoch.first].at;
			const end = last + 1 < polls.length ? polls[last + 1].at : polls[last].endedAt;
			const clearedFrom = at > 0 ? polls[list[at - 1].last + 1].at : -Infinity;
			const since = knownSince(polls, clearedFrom, firstOkAfter(polls, start));
			const cleared = at === 0 || (since <= start && freshTime(live, since, start, options.pollIntervalMs) >= options.boundMs);
			if (last < epoch.first || !cleared || freshTime(live, start, end, options.pollIntervalMs) < options.boundMs) {
				if (epoch.fired.some((fired) => recording === undefined || fired.at < polls[recording].at)) verdict.expected += 1;
				return;
			}
			verdict.expected += 1;
			if (!epoch.fired.length) verdict.missed.push(`${epoch.key} (above from ${iso(start)} to ${iso(end)})`);
			else {
				verdict.maxDelayMs = Math.max(verdict.maxDelayMs, epoch.fired[0].at - start);
				const delay = freshTime(live, start, epoch.fired[0].at, options.pollIntervalMs);
				if (delay > options.boundMs) verdict.late.push(`${epoch.key}: above from ${iso(start)}, emitted ${iso(epoch.fired[0].at)} after ${(delay / 60_000).toFixed(0)} min of fresh polls`);
			}
		});
	}
	return verdict;
}
