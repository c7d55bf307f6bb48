import type { QueryParams } from '../types';

/** Query keys that carry a page cursor rather than a filter. */
export const CURSOR_KEYS = ['page[after]', 'cursor'];

const BRACKET_SUFFIX = /\[\d*\]$/;

/**
 * Repeated keys become arrays (the canonical form); `status[]=` and `status[0]=` are folded into
 * the same key so clients that serialize arrays with brackets are understood too.
 */
export function parseQuery(search: URLSearchParams): { query: QueryParams; cursor?: string } {
	const collected = new Map<string, string[]>();
	let cursor: string | undefined;
	for (const [rawKey, value] of search) {
		if (CURSOR_KEYS.includes(rawKey)) {
			cursor = value;
			continue;
		}
		const key = rawKey.replace(BRACKET_SUFFIX, '');
		collected.set(key, [...(collected.get(key) ?? []), value]);
	}
	const query: QueryParams = {};
	for (const [key, values] of collected) query[key] = values.length === 1 ? values[0] : values;
	return { query, cursor };
}

/** Repeated-key serialization, in the order the keys were given. */
export function formatQuery(query: QueryParams): string {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
	}
	return search.toString();
}

/** Order-insensitive identity of a query, so equivalent URLs share one cache entry. */
export function canonicalQueryKey(query: QueryParams): string {
	const sorted = Object.keys(query)
		.sort()
		.map((key) => {
			const value = query[key];
			return [key, Array.isArray(value) ? [...value].sort() : value];
		});
	return JSON.stringify(sorted);
}
