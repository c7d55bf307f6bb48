import { HASH_LENGTH } from '../events/identity';

/** Key hashes with a day each, serialized as `{ "<day>": "<hash><hash>…" }` (about 8 bytes a key). */
class KeysByDay {
	readonly dayOfKey = new Map<string, number>();

	static fromJson(json: unknown): KeysByDay {
		const keys = new KeysByDay();
		if (typeof json !== 'object' || json === null) return keys;
		for (const [dayText, hashes] of Object.entries(json as Record<string, unknown>)) {
			const day = Number(dayText);
			if (!Number.isInteger(day) || typeof hashes !== 'string') continue;
			for (let at = 0; at + HASH_LENGTH <= hashes.length; at += HASH_LENGTH) {
				keys.dayOfKey.set(hashes.slice(at, at + HASH_LENGTH), day);
			}
		}
		return keys;
	}

	/** Forgets the keys whose day lies before `day`. */
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

/**
 * The dedupe keys (as short hashes) of the records a trigger has emitted or recorded, in two kinds
 * (newRecords.ts addKeys says which key goes where):
 * - kept keys, each with the day it is kept until, whatever its record's date is now (a tenant
 *   event's date-less identity, a bill the open read lists, a record that moved out of the window);
 * - dated keys, each with the date its record was last listed with. A full read that covers that
 *   date and no longer lists the key knows its record moved out of the window (or was deleted, or
 *   left the filters) rather than aged out: it keeps the key instead (keepMovedAway).
 * A key of either kind is forgotten once its day lies before the window (pruneBefore).
 */
export class SeenRecords {
	private kept = new KeysByDay();
	private dated = new KeysByDay();

	/** `keptJson`: the static data's `seen` (all of it in state saved before dated keys existed); `datedJson`: its `dated`. */
	static fromJson(keptJson: unknown, datedJson?: unknown): SeenRecords {
		const seen = new SeenRecords();
		seen.kept = KeysByDay.fromJson(keptJson);
		seen.dated = KeysByDay.fromJson(datedJson);
		return seen;
	}

	/** Keys held, a key of both kinds counted twice (it costs its bytes twice). */
	get size(): number {
		return this.kept.dayOfKey.size + this.dated.dayOfKey.size;
	}

	has(hash: string): boolean {
		return this.kept.dayOfKey.has(hash) || this.dated.dayOfKey.has(hash);
	}

	/** Keeps `hash` until `day` at least: the later day wins when a record is met again, so it outlives its window. */
	add(hash: string, day: number): void {
		const known = this.kept.dayOfKey.get(hash);
		if (known === undefined || day > known) this.kept.dayOfKey.set(hash, day);
	}

	/** A read listed the record of `hash` dated `day`: its latest date, earlier or later than the last one. */
	place(hash: string, day: number): void {
		this.dated.dayOfKey.set(hash, day);
	}

	/**
	 * After a complete read of the days `from` … `to` (inclusive; `to` undefined: no upper bound) that
	 * listed `listed`: a dated key of those days the read no longer lists belongs to a record that left
	 * the window with a moved date (or was deleted, or left the filters). It may come back: its key is
	 * kept until `untilDay` instead. Returns how many keys moved.
	 */
	keepMovedAway(listed: ReadonlySet<string>, from: number, to: number | undefined, untilDay: number): number {
		let moved = 0;
		for (const [hash, day] of this.dated.dayOfKey) {
			if (listed.has(hash) || day < from || (to !== undefined && day > to)) continue;
			this.dated.dayOfKey.delete(hash);
			this.add(hash, untilDay);
			moved += 1;
		}
		return moved;
	}

	/** Forgets one key of either kind. */
	forget(hash: string): void {
		this.kept.dayOfKey.delete(hash);
		this.dated.dayOfKey.delete(hash);
	}

	/** Forgets records dated, or kept until, before `day`: no later window reaches back that far. */
	pruneBefore(day: number): void {
		this.kept.pruneBefore(day);
		this.dated.pruneBefore(day);
	}

	/** The kept keys, the static data's `seen` (as state saved before dated keys existed holds all keys). */
	toJson(): Record<string, string> {
		return this.kept.toJson();
	}

	/** The dated keys, the static data's `dated`. */
	datedToJson(): Record<string, string> {
		return this.dated.toJson();
	}
}
