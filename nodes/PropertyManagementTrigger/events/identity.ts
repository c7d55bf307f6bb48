import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/** 48 bits per key: for 10,000 keys the chance of any collision is about 2 in 10 million. */
export const HASH_LENGTH = 8;

/** Short, fixed-length digest of a dedupe key or a scope; JSON-safe (base64url). */
export function shortHash(text: string): string {
	return createHash('sha256').update(text).digest('base64url').slice(0, HASH_LENGTH);
}

/** A present, non-empty id as text; undefined for missing, null or blank ids. */
export function idText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

export function nested(record: IDataObject, parent: string, field: string): unknown {
	const value = record[parent];
	return typeof value === 'object' && value !== null ? (value as IDataObject)[field] : undefined;
}

/** JSON with object keys sorted at every depth, so equal records give equal text whatever the key order. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.keys(value as IDataObject)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/**
 * Identity of a record the service gives no id: its whole content. Two id-less records differ when
 * any field differs; the same record read again (any key order) gives the same identity.
 */
export function contentIdentity(record: IDataObject): string {
	return `content:${createHash('sha256').update(canonicalJson(record)).digest('base64url')}`;
}
