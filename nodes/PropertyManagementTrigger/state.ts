/**
 * Poll state of the Property Management Trigger, kept in the workflow's static data (node scope).
 *
 * Guarantee: every record that matches the trigger's event and filters is emitted exactly once,
 * provided it shows up in the service's fresh data while the workflow is active and its date
 * (occurredDate, billDate or received) is no more than "Lookback (Days)" before the checkpoint
 * the poll starts from. That checkpoint is the day of the service snapshot the last completed poll
 * processed; after an n8n restart it is the checkpoint saved with the last poll that emitted items
 * (or with the activation), so a restart or a long outage widens the next window instead of
 * skipping anything. Records dated further back than the lookback are never emitted.
 *
 * Why a restart loses nothing: n8n saves a polling node's static data when a poll emits items and
 * once after activation; what a poll returning null writes lives in memory only and is gone after
 * a restart. Every state written here is complete on its own: the checkpoint moves only after a
 * poll received every page of one fresh snapshot, and the seen keys hold every record dated from
 * checkpoint − lookback onward that was emitted or recorded at activation. Whichever saved state
 * n8n restores, the next window reaches back from its checkpoint and its seen keys exclude exactly
 * what it had emitted.
 *
 * Data not fresh within "Max Wait": the poll emits nothing, reads no stale pages and changes no state.
 * A 5xx, a time-out or any other error: the poll fails and changes no state. Either way the next
 * poll covers the same window again. A poll acts only on one complete snapshot (the engine
 * restarts pagination when a later page is stale), so a 500 in the middle of the pages neither
 * loses nor doubles a record.
 *
 * Limits: exactly-once rests on n8n saving the static data of an emitting poll; should n8n die
 * after the poll returned its items but before that save, the items are emitted again after the
 * restart (at least once, never lost). A record whose dedupe key changes (a tenant event moved to
 * another date) counts as a new record. A tenant event dated more than "Look Ahead (Days)" in the
 * future fires once it comes that close. The first poll without state for the current event and
 * filters (a first activation, or after the event or a filter changed) records the present and
 * emits nothing; it needs fresh data and fails the activation when the service does not deliver it
 * within "Max Wait". Deactivating and activating again keeps the state: the trigger resumes.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

const STATE_VERSION = 1;

/** 48 bits per key: for 10,000 keys the chance of any collision is about 2 in 10 million. */
const HASH_LENGTH = 8;

export interface TriggerState {
	/** fingerprint of the event and filters the seen keys were recorded for */
	scope: string;
	/** day of the service snapshot the last completed poll processed */
	checkpoint: number;
	seen: SeenRecords;
}

/** Short, fixed-length digest of a dedupe key or a scope; JSON-safe (base64url). */
export function shortHash(text: string): string {
	return createHash('sha256').update(text).digest('base64url').slice(0, HASH_LENGTH);
}

/**
 * Dedupe keys (as short hashes) with the day of their record, serialized as
 * `{ "<day>": "<hash><hash>…" }` so that 10,000 keys cost about 80 kB of static data.
 */
export class SeenRecords {
	private readonly dayOfKey = new Map<string, number>();

	static fromJson(json: unknown): SeenRecords {
		const seen = new SeenRecords();
		if (typeof json !== 'object' || json === null) return seen;
		for (const [dayText, hashes] of Object.entries(json as Record<string, unknown>)) {
			const day = Number(dayText);
			if (!Number.isInteger(day) || typeof hashes !== 'string') continue;
			for (let at = 0; at + HASH_LENGTH <= hashes.length; at += HASH_LENGTH) {
				seen.dayOfKey.set(hashes.slice(at, at + HASH_LENGTH), day);
			}
		}
		return seen;
	}

	get size(): number {
		return this.dayOfKey.size;
	}

	has(hash: string): boolean {
		return this.dayOfKey.has(hash);
	}

	/** Keeps the later day when a record is met again with a moved date, so it outlives its window. */
	add(hash: string, day: number): void {
		const known = this.dayOfKey.get(hash);
		if (known === undefined || day > known) this.dayOfKey.set(hash, day);
	}

	/** Forgets records dated before `day`: no later window reaches back that far. */
	pruneBefore(day: number): void {
		for (const [hash, keyDay] of this.dayOfKey) if (keyDay < day) this.dayOfKey.delete(hash);
	}

	toJson(): Record<string, string> {
		const byDay = new Map<number, string[]>();
		for (const [hash, day] of this.dayOfKey) {
			const hashes = byDay.get(day);
			if (hashes) hashes.push(hash);
			else byDay.set(day, [hash]);
		}
		const json: Record<string, string> = {};
		for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
			json[String(day)] = (byDay.get(day) as string[]).sort().join('');
		}
		return json;
	}
}

/** The state recorded for `scope`; undefined when there is none (or it belongs to other filters). */
export function readState(staticData: IDataObject, scope: string): TriggerState | undefined {
	if (staticData.version !== STATE_VERSION || staticData.scope !== scope) return undefined;
	const checkpoint = staticData.checkpoint;
	if (typeof checkpoint !== 'number' || !Number.isInteger(checkpoint)) return undefined;
	return { scope, checkpoint, seen: SeenRecords.fromJson(staticData.seen) };
}

/** Replaces the whole state in one go; n8n persists it with the next emitting poll. */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData.version = STATE_VERSION;
	staticData.scope = state.scope;
	staticData.checkpoint = state.checkpoint;
	staticData.seen = state.seen.toJson();
}
