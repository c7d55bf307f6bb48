import { createHash } from 'crypto';

/** 48 bits per key: for 10,000 keys the chance of any collision is about 2 in 10 million. */
const HASH_LENGTH = 8;

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
