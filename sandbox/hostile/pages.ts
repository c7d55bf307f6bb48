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
 * - on the last page, `links.next: null` on half the pages instead of no `next`.
 */
const EMPTY_PAGE_SHARE = 0.15;
const SHORT_PAGE_SHARE = 0.25;

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
	const remaining = Math.max(0, rows.length - ref.offset);
	const count = Math.min(take, remaining);
	const link = (offset: number, page: number) => {
		const relative = pageUrl(path, query, encodeCursor({ ...ref, offset, number: page }));
		return draw(seed, 'absolute', key, page) < 0.5 ? `${origin}${relative}` : relative;
	};
	const links: Page['links'] = {};
	if (ref.offset + count < rows.length) links.next = link(ref.offset + count, number + 1);
	else if (draw(seed, 'next-null', key, number) < 0.5) links.next = null;
	if (number > 1) links.prev = link(Math.max(0, ref.offset - ref.size), number - 1);
	return { rows: rows.slice(ref.offset, ref.offset + count), number, links };
}

function pageTake(seed: number, key: string, number: number, size: number): number {
	if (number === 1) return size;
	const chance = draw(seed, 'page', key, number);
	if (chance < EMPTY_PAGE_SHARE) return 0;
	if (chance < EMPTY_PAGE_SHARE + SHORT_PAGE_SHARE) return Math.ceil(size / 2);
	return size;
}
