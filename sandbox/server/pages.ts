import { formatQuery } from './query';
import type { QueryParams } from '../types';

/** Where a page starts inside one pinned snapshot; the page size travels along so later pages line up. */
export interface CursorRef {
	snapshotId: string;
	offset: number;
	size: number;
	/** hostile profile: the page number, since its pages are not all `size` long */
	number?: number;
}

export function encodeCursor(ref: CursorRef): string {
	const fields = ref.number === undefined ? [ref.snapshotId, ref.offset, ref.size] : [ref.snapshotId, ref.offset, ref.size, ref.number];
	return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

export function decodeCursor(cursor: string): CursorRef | undefined {
	try {
		const [snapshotId, offset, size, number] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
		if (typeof snapshotId !== 'string' || !isCount(offset) || !isCount(size) || size === 0) return undefined;
		return isCount(number) && number > 0 ? { snapshotId, offset, size, number } : { snapshotId, offset, size };
	} catch {
		return undefined;
	}
}

export interface Page {
	rows: object[];
	/** 1-based */
	number: number;
	/** `next: null` only in the hostile profile (the spec: "absent or null on the last page") */
	links: { next?: string | null; prev?: string };
}

export function cutPage(rows: object[], ref: CursorRef, path: string, query: QueryParams): Page {
	const link = (offset: number) => pageUrl(path, query, encodeCursor({ ...ref, offset }));
	const links: Page['links'] = {};
	if (ref.offset + ref.size < rows.length) links.next = link(ref.offset + ref.size);
	if (ref.offset > 0) links.prev = link(Math.max(0, ref.offset - ref.size));
	return {
		rows: rows.slice(ref.offset, ref.offset + ref.size),
		number: Math.floor(ref.offset / ref.size) + 1,
		links,
	};
}

/** Relative URL: the original path and query plus `page[after]` (README "Pages"). */
export function pageUrl(path: string, query: QueryParams, cursor: string): string {
	const base = formatQuery(query);
	return `${path}?${base ? `${base}&` : ''}page[after]=${cursor}`;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
