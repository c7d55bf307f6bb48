import type { IDataObject } from 'n8n-workflow';

import { cancelledError, ExecutionCancelled } from '../sending/cancellation';
import { apiError, scrubKey } from '../errors';
import { exchange, type EngineContext, type EngineSession, type ExchangeRequest } from '../sending/exchange';
import { openSession } from '../session';
import { noNotificationReason, readFirstPage } from './freshness';
import { OffOriginLinkError, PageCycleError, PageTrail, resolveNextLink } from './links';
import { NoProgressError, PageBoundary, ProgressWatch, SeenRecords } from './readGuards';
import type { ApiRequest, ApiResult, ApiResultDetails, EngineDeps, ListReadDetails, EngineOptions, Envelope, ReadResumption, ServiceMeta } from '../types';

/** A later page from a superseded snapshot restarts the read; this bounds how often. */
export const MAX_SNAPSHOT_RESTARTS = 3;
/** How long a page is expected to take before one was timed: the service answers a key once a second. */
const FIRST_PAGE_ESTIMATE_MS = 1000;
export type FullApiResult = ApiResult & ApiResultDetails & ListReadDetails;

function firstPageUrl(url: string, qs: IDataObject | undefined): string {
	const search = new URLSearchParams();
	for (const [name, value] of Object.entries(qs ?? {})) {
		for (const single of Array.isArray(value) ? value : [value]) {
			if (single !== undefined && single !== null) search.append(name, String(single));
		}
	}
	const query = search.toString();
	return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

function metaOf(envelope: Envelope): ServiceMeta {
	return { ...(envelope.meta ?? { status: 'stale' }) };
}

function sameSnapshot(first: Envelope, later: Envelope): boolean {
	const a = first.meta?.lastUpdated;
	const b = later.meta?.lastUpdated;
	return typeof a !== 'number' || typeof b !== 'number' || a === b;
}

/**
 * The documented rule: the cursor keeps a read on one cache entry; "ensure meta.status equals ok while
 * paging; if it changes to stale, poll the original URL". So a later page was replaced when it has no
 * data, another lastUpdated, or a status that *changed* to stale. A first page that was stale already
 * (Return Cached Data, Return Stale Data) has stale later pages of the same entry: no change, no restart.
 */
function replacedSince(first: Envelope, later: Envelope): boolean {
	if (!Array.isArray(later.data) || !sameSnapshot(first, later)) return true;
	return later.meta?.status === 'stale' && first.meta?.status !== 'stale';
}

class SnapshotSuperseded extends Error {
	/** the service's refusal of its own cursor (400), raised as it is when the restarts run out */
	constructor(readonly refusal?: unknown) {
		super('snapshot superseded');
	}
}

function httpCodeOf(error: unknown): string {
	return String((error as { httpCode?: unknown })?.httpCode);
}

/**
 * A next-page link the service itself handed out and now refuses: 410 Gone (the cursor's snapshot is
 * no more) or 400 (the service can no longer decode its own cursor, e.g. after a restart that changed
 * its cursor key). The spec does not show how an old cursor answers; the node sent nothing of its own
 * in that link, so the documented rule for a replaced entry applies: read the first URL again
 * (bounded by MAX_SNAPSHOT_RESTARTS). A 400 that outlasts the restarts is raised as the service's own
 * error, naming what it refused; a 400 on the first page is never restarted.
 */
function cursorRefusal(error: unknown): SnapshotSuperseded | undefined {
	const code = httpCodeOf(error);
	if (code === '410') return new SnapshotSuperseded();
	if (code === '400') return new SnapshotSuperseded(error);
	return undefined;
}

/**
 * Reads one pass: the first page (waiting for freshness per the options), then links.next until the
 * end or until `wanted` items are in hand, or only the first page when it is of `knownSnapshot`. Throws SnapshotSuperseded when a later page no longer
 * belongs to the first page's snapshot.
 */
async function readPass(
	session: EngineSession,
	first: ExchangeRequest,
	options: EngineOptions,
	wanted: number,
	knownSnapshot?: number,
): Promise<FullApiResult> {
	const requestsBefore = session.requests;
	const firstPage = await readFirstPage(session, first, options);
	const result: FullApiResult = {
		items: [],
		itemMeta: [],
		meta: metaOf(firstPage.envelope),
		requests: 0,
		pages: 0,
		// the one answer of a first page served fresh at once
		waitedForRefresh: session.requests - requestsBefore > 1,
		pending: firstPage.kind === 'pending',
	};
	if (firstPage.kind === 'pending') return result;
	if (firstPage.kind === 'noNotification') return { ...result, noNotification: noNotificationReason(firstPage.envelope) };
	if (knownSnapshot !== undefined && firstPage.kind === 'fresh' && firstPage.envelope.meta?.lastUpdated === knownSnapshot) {
		return { ...result, items: firstPage.envelope.data ?? [], unchanged: true, pages: 1 };
	}
	return await readOn(session, first, options, wanted, result, { reference: firstPage.envelope, envelope: firstPage.envelope, url: firstPageUrl(first.url, first.qs) });
}

/** Where a pass goes on: the page in hand, the URL it was read at, and the first page it must belong with. */
interface PassPosition {
	/** the pass's first page (its snapshot and status), or what a resumed read knows of it */
	reference: Envelope;
	envelope: Envelope;
	url: string;
}

/** The pages from `at` on, appended to `result`: to the last page, `wanted` items or EngineOptions.pagesBy. */
async function readOn(
	session: EngineSession,
	first: ExchangeRequest,
	options: EngineOptions,
	wanted: number,
	result: FullApiResult,
	at: PassPosition,
): Promise<FullApiResult> {
	const trail = new PageTrail();
	trail.visit(at.url);
	let envelope = at.envelope;
	let currentUrl = at.url;
	const seenRecords = new SeenRecords(session.place.path);
	const boundary = new PageBoundary(session.place.path);
	const progress = new ProgressWatch();
	// a stale first page makes the whole read stale, whatever later pages of that snapshot say
	const status = metaOf(at.reference).status;
	// the slowest page so far: the next one is not asked for unless it can come before options.pagesBy
	let pageMs = FIRST_PAGE_ESTIMATE_MS;
	for (let pageIndex = 0; ; pageIndex++) {
		const meta = metaOf(envelope);
		const before = result.items.length;
		result.pages += 1;
		const rows = envelope.data ?? [];
		let repeated = 0;
		if (pageIndex === 0) boundary.firstPage(rows);
		else repeated = boundary.repeatedRows(rows);
		for (const item of rows.slice(repeated)) {
			if (result.items.length >= wanted) break;
			if (seenRecords.isRepeat(item)) continue;
			result.items.push(item);
			result.itemMeta.push(meta);
		}
		result.meta = { ...meta, status };
		const next = envelope.links?.next;
		if (result.items.length >= wanted || !next) return result;
		progress.pageRead(result.items.length - before);
		const nextUrl = resolveNextLink(session.baseUrl, currentUrl, next);
		if (options.pagesBy !== undefined && session.deps.now() + pageMs > options.pagesBy) return { ...result, cutShort: true, nextPage: nextUrl };
		currentUrl = nextUrl;
		trail.visit(currentUrl);
		const asked = session.deps.now();
		const page = await exchange(session, { method: 'GET', url: currentUrl, headers: first.headers }).catch((error: unknown) => {
			throw cursorRefusal(error) ?? error;
		});
		pageMs = Math.max(pageMs, session.deps.now() - asked);
		if (replacedSince(at.reference, page)) throw new SnapshotSuperseded();
		envelope = page;
	}
}

/** The saved page's URL when it is still one of the credential's origin (a Base URL changed since: undefined). */
function resumableUrl(baseUrl: string, url: string): string | undefined {
	try {
		return resolveNextLink(baseUrl, url, url);
	} catch {
		// off the origin, or no URL at all: the read starts over at the first page, nothing is sent there
		return undefined;
	}
}

/**
 * Goes on with a read an earlier call stopped at EngineOptions.pagesBy, at the page it had not read,
 * when the service still serves that page of the same snapshot (fresh). Undefined when it does not
 * (another snapshot, a stale answer, a cursor refused, a link off the credential's origin): the read then
 * starts over at the first page, as it does when a snapshot is replaced while paging.
 */
async function resumePass(
	session: EngineSession,
	first: ExchangeRequest,
	options: EngineOptions,
	wanted: number,
	resume: ReadResumption,
): Promise<FullApiResult | undefined> {
	const reference: Envelope = { meta: { status: 'ok', lastUpdated: resume.lastUpdated }, data: [] };
	const url = resumableUrl(session.baseUrl, resume.url);
	if (url === undefined) return undefined;
	const page = await exchange(session, { method: 'GET', url, headers: first.headers }).catch((error: unknown) => {
		if (cursorRefusal(error)) return undefined;
		throw error;
	});
	if (!page || replacedSince(reference, page) || page.meta?.status !== 'ok') return undefined;
	const result: FullApiResult = { items: [], itemMeta: [], meta: metaOf(page), requests: 0, pages: 0, waitedForRefresh: false, pending: false, resumed: true };
	return await readOn(session, first, options, wanted, result, { reference, envelope: page, url });
}

function translateReadError(session: EngineSession, error: unknown): unknown {
	if (error instanceof OffOriginLinkError) {
		return apiError(
			session.place,
			`Refused to follow a next-page link of ${session.place.path} to another host`,
			`The link points to ${error.linkHost}, not to the credential's Base URL; the API key is only sent to the Base URL.`,
			'none',
		);
	}
	if (error instanceof NoProgressError) {
		return apiError(
			session.place,
			`The pages of ${session.place.path} stopped bringing new items`,
			`${error.pages} pages in a row had a next-page link but no new item; stopped instead of paging on without end. Try again later.`,
			'none',
		);
	}
	if (error instanceof ExecutionCancelled) return cancelledError(session.place);
	if (error instanceof PageCycleError) {
		return apiError(
			session.place,
			`The pages of ${session.place.path} loop: a next-page link repeats an earlier page`,
			'Stopped instead of requesting the same pages forever.',
			'none',
		);
	}
	return error;
}

/** The reader: a read of every page it asks for (GET), for the hook and for programmatic callers. */
export async function apiRequestWithDetails(
	ctx: EngineContext,
	req: ApiRequest,
	options: EngineOptions = {},
	deps?: Partial<EngineDeps>,
): Promise<FullApiResult> {
	const { session, first } = await openSession(ctx, req, options, deps);
	const wanted = req.returnAll ? Number.POSITIVE_INFINITY : Math.max(0, req.limit ?? Number.POSITIVE_INFINITY);
	for (let restarts = 0; ; restarts++) {
		try {
			const resumed = restarts === 0 && req.resumeAt ? await resumePass(session, first, options, wanted, req.resumeAt) : undefined;
			const result = resumed ?? (await readPass(session, first, options, wanted, req.knownSnapshot));
			return { ...result, requests: session.requests };
		} catch (error) {
			if (!(error instanceof SnapshotSuperseded)) throw translateReadError(session, error);
			if (restarts >= MAX_SNAPSHOT_RESTARTS && error.refusal !== undefined) throw error.refusal;
			if (restarts >= MAX_SNAPSHOT_RESTARTS) {
				throw apiError(
					session.place,
					`The data of ${session.place.path} kept changing while its pages were read`,
					`Restarted from the first page ${MAX_SNAPSHOT_RESTARTS} times; try again later.`,
					'none',
				);
			}
		}
	}
}

/** The reader's entry for the trigger, the list searches and the node's routing hook (reads only). */
export const apiRequest = apiRequestWithDetails;

export { scrubKey };
