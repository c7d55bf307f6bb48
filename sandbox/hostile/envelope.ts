import type { ReadEnvelope } from '../server/envelope';
import { formatQuery } from '../server/query';
import type { CursorRef } from '../server/pages';
import type { FreshnessView } from '../server/cache';
import { HttpError, type QueryParams } from '../types';
import { draw } from './draw';

/**
 * Envelope points the spec leaves open, played the hard way (sandbox/README.md, "Hostile profile"):
 * `data: []` instead of no `data` while no snapshot exists; `meta.query` ("present on most
 * responses") left off 30 % of the answers; creates answered 201 half the time.
 */
const QUERY_ABSENT_SHARE = 0.3;

export function hostileReadEnvelope(seed: number, envelope: ReadEnvelope, query: QueryParams): ReadEnvelope {
	const { meta } = envelope;
	const out: ReadEnvelope = { ...envelope, meta: { ...meta } };
	if (!out.data) out.data = [];
	const key = `${meta.path}?${formatQuery(query)}`;
	if (draw(seed, 'query-absent', key, meta.page ?? 0, meta.status) < QUERY_ABSENT_SHARE) delete (out.meta as { query?: unknown }).query;
	return out;
}

export function hostileCreateStatus(seed: number, path: string, body: unknown): 200 | 201 {
	return draw(seed, 'create-status', path, JSON.stringify(body ?? null)) < 0.5 ? 201 : 200;
}

/**
 * A cursor whose snapshot was superseded answers 410; one the service cannot read 400. A cursor of a
 * snapshot dropped by a service restart is one the service handed out and can no longer read (the
 * restarted service does not decode its earlier run's cursors): 400 as well. The spec shows none of
 * these; the other profiles answer `stale` and let the client restart.
 */
export function oldCursorRefusal(ref: CursorRef | undefined, view: FreshnessView): HttpError | undefined {
	if (!ref || !view.snapshot) return new HttpError(400, 'page[after] is not a cursor of this service', 'page[after]', 'invalid_cursor');
	if (view.status !== 'ok') return new HttpError(410, 'This cursor has expired: read again from the first page', 'page[after]', 'cursor_expired');
	return undefined;
}
