import type { CursorRef, Page } from '../server/pages';
import { encodeCursor, pageUrl } from '../server/pages';
import { formatQuery } from '../server/query';
import type { QueryParams } from '../types';
import { draw } from './draw';

/**
 * Pages as the spec leaves them open ("page size and maximum result count: not shown"; links.next
 * "absent or null on the last page"), played the hard way (sandbox/README.md, "Hostile profile"):
 * - two page sizes, chosen per path: the configured one and about 60 % of it;
 * - from page 2 on, now and then an empty page (15 %) or a half page (25 %) that still links on;
 * - half the links absolute (`http://host/v1/...`), half relative;
 * - on the last page, `links.next: null` on half the pages instead of no `next`;
 * - drifting cursors (a cursor is a position in the list, not a pin): from page 2 on, 20 % of the pages
 *   of record lists start one or two rows before the cursor, as after records were added ahead of it
 *   mid-read: the previous page's last rows come again. Report lines (the node's Report resource) never drift.
 */
const EMPTY_PAGE_SHARE = 0.15;
const SHORT_PAGE_SHARE = 0.25;
const DRIFT_SHARE = 0.2;
/** report lines are computed whole for a snapshot, and equal lines are legitimately several: no drift */
const NEVER_DRIFTING_PATHS = [
	'/v1/annual-budget-comparative',
	'/v1/balance-sheet',
	'/v1/cash-flow',
	'/v1/income-statement',
	'/v1/rent-roll',
	'/v1/rent-roll-itemized',
	'/v1/rent-roll-recurring',
];

export function hostilePageSize(seed: number, path: string, configured: number): number {
	return draw(seed, 'page-size', path) < 0.5 ? configured : Math.max(1, Math.ceil(configured * 0.6));
}

export interface HostilePageRequest {
	seed: number;
	rows: object[];
	ref: CursorRef;
	path: string;
	query: QueryParams;
	origin: string;
}

export function hostileCutPage({ seed, rows, ref, path, query, origin }: HostilePageRequest): Page {
	const number = ref.number ?? 1;
	const key = `${path}?${formatQuery(query)}`;
	const take = pageTake(seed, key, number, ref.size);
	const start = Math.max(0, ref.offset - drift(seed, path, key, number, take));
	const remaining = Math.max(0, rows.length - start);
	const count = Math.min(take, remaining);
	const link = (offset: number, page: number) => {
		const relative = pageUrl(path, query, encodeCursor({ ...ref, offset, number: page }));
		return draw(seed, 'absolute', key, page) < 0.5 ? `${origin}${relative}` : relative;
	};
	const links: Page['links'] = {};
	if (start + count < rows.length) links.next = link(start + count, number + 1);
	else if (draw(seed, 'next-null', key, number) < 0.5) links.next = null;
	if (number > 1) links.prev = link(Math.max(0, start - ref.size), number - 1);
	return { rows: rows.slice(start, start + count), number, links };
}

/** rows the page starts before its cursor; fewer than the page takes, so every page moves the read on */
export function drift(seed: number, path: string, key: string, number: number, take: number): number {
	if (number === 1 || NEVER_DRIFTING_PATHS.includes(path)) return 0;
	const chance = draw(seed, 'drift', key, number);
	if (chance >= DRIFT_SHARE) return 0;
	const rows = chance < DRIFT_SHARE / 2 ? 1 : 2;
	return rows < take ? rows : 0;
}

/**
 * A cursor whose snapshot a refresh replaced mid-read: on a seeded half of the lists (path and query) the
 * service reads on at the cursor's position in the new snapshot (`ok`, the new `lastUpdated`): records the
 * refresh added ahead of the position shift rows across the boundary, so rows repeat and the added
 * records are shifted out of this read (the next read has them); on the other half it answers 410.
 */
export function cursorFollowsList(seed: number, path: string, query: QueryParams): boolean {
	return draw(seed, 'cursor-follows', path, formatQuery(query)) < 0.5;
}

function pageTake(seed: number, key: string, number: number, size: number): number {
	if (number === 1) return size;
	const chance = draw(seed, 'page', key, number);
	if (chance < EMPTY_PAGE_SHARE) return 0;
	if (chance < EMPTY_PAGE_SHARE + SHORT_PAGE_SHARE) return Math.ceil(size / 2);
	return size;
}
