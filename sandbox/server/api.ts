/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEnvelope, readEnvelope } from './envelope';
import { slowDelayMs, type FaultSpec } from './faults';
import { answerAsDocumented, BodyTooLargeError, headerValue, readJsonBody, sendError, sendHttpError, sendJson } from './http';
import type { FreshnessView } from './cache';
import { hostileCreateStatus, hostileReadEnvelope, oldCursorRefusal } from '../hostile/envelope';
import { hostileCreated } from '../hostile/nulls';
import { cursorFollowsList, hostileCutPage, hostilePageSize } from '../hostile/pages';
import { ReadTracker, refuseUnknown } from '../hostile/parameters';
import { readStrictly, refuseMalformedMaxAge } from '../hostile/strictParameters';
import { jobAcceptedStatus, writesAsJob } from '../hostile/writes';
import { cutPage, decodeCursor, type CursorRef, type Page } from './pages';
import type { SandboxState } from './state';
import { HttpError, type CreateEndpoint, type QueryParams, type ReadEndpoint } from '../types';

export const DEFAULT_MAX_AGE_SECONDS = 86400;

/** What one API request looked like, gathered while answering it, for the request log. */
export interface RequestTrace {
	keyLabel: string | null;
	fault: string | null;
}

export interface ApiRequest {
	req: IncomingMessage;
	res: ServerResponse;
	path: string;
	query: QueryParams;
	cursor?: string;
	origin: string;
	trace: RequestTrace;
}

export async function handleApiRequest(state: SandboxState, request: ApiRequest): Promise<void> {
	const { req, res, path, trace } = request;
	if (state.profile === 'documented') answerAsDocumented(res);
	const key = headerValue(req, 'x-api-key');
	trace.keyLabel = state.keyLabel(key);
	if (!trace.keyLabel) {
		sendError(res, 401, 'Invalid or missing API key', 'unauthorized');
		return;
	}
	if (state.config.rateLimit) {
		const decision = state.limiter.check(trace.keyLabel);
		if (!decision.allowed) {
			const hostile = state.profile === 'hostile';
			// hostile: the rejection counts against the key too, and every other one carries no Retry-After
			if (hostile) state.limiter.accept(trace.keyLabel);
			const headers = hostile ? state.hostileLimit.retryAfterHeader(decision.retryAfterSeconds) : { 'Retry-After': String(decision.retryAfterSeconds) };
			sendError(res, 429, 'Rate limit exceeded: 1 request per second per API key', 'rate_limited', undefined, headers);
			return;
		}
	}
	const fault = state.faults.take(path);
	// an injected 429 is a rejection too, and rejections do not count toward the limit
	if (state.config.rateLimit && fault?.type !== '429') state.limiter.accept(trace.keyLabel);
	if (fault) {
		trace.fault = fault.type;
		if (await answeredByFault(fault, request)) return;
	}
	if (req.method === 'POST' && state.isReadOnly(key)) {
		sendError(res, 403, 'This API key is read-only: it may read data but not create records', 'insufficient_permissions');
		return;
	}
	if (!state.mayUse(key, path)) {
		sendError(res, 403, `This API key is limited to other endpoints and may not use ${path}`, 'insufficient_permissions');
		return;
	}
	await route(state, request);
}

/**
 * Returns false for `slow`: the request is handled at once (a create is stored) and only the answer is
 * held back, as with a real service that acts and then answers after the client's time-out.
 */
export async function answeredByFault(fault: FaultSpec, { req, res, path }: Pick<ApiRequest, 'req' | 'res' | 'path'>): Promise<boolean> {
	switch (fault.type) {
		case '500':
			sendError(res, 500, 'Injected server error', 'internal_error');
			return true;
		case '429':
			sendError(res, 429, 'Rate limit exceeded (injected)', 'rate_limited', undefined, {
				'Retry-After': String(Math.ceil(fault.retryAfter ?? 1)),
			});
			return true;
		case 'malformed': {
			const broken = `{"meta":{"status":"ok","path":${JSON.stringify(path)},"count":1},"data":[{"upstreamId":`;
			res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
			res.end(broken);
			return true;
		}
		case 'drop':
			req.socket.destroy();
			return true;
		case 'slow': {
			const end = res.end.bind(res) as (...args: unknown[]) => void;
			const delayMs = slowDelayMs(fault);
			res.end = ((...args: unknown[]) => {
				setTimeout(() => {
					if (!res.destroyed) end(...args);
				}, delayMs).unref();
				return res;
			}) as typeof res.end;
			return false;
		}
	}
}

async function route(state: SandboxState, request: ApiRequest): Promise<void> {
	const { req, res, path } = request;
	if (req.method === 'GET' && request.query.jobId !== undefined) {
		// documented profile, `jobPollIgnoresJobId`: the service does not know the parameter and answers the plain read
		if (state.profile === 'documented' && state.config.jobPollIgnoresJobId) request.query = withoutJobId(request.query);
		else if (answerWriteJob(state, request)) return;
	}
	const resolved = state.router.resolve(req.method ?? 'GET', path);
	if ('error' in resolved) {
		if (resolved.error === 404) sendError(res, 404, `Unknown path ${path}`, 'not_found');
		else sendError(res, 405, `Method ${req.method} not allowed on ${path}`, 'method_not_allowed');
		return;
	}
	const { endpoint, params } = resolved.match;
	try {
		if (endpoint.kind === 'create') await handleCreate(state, request, endpoint);
		else await handleRead(state, request, endpoint, params);
	} catch (error) {
		if (error instanceof HttpError) sendHttpError(res, error);
		else if (error instanceof BodyTooLargeError) sendError(res, 413, error.message, 'payload_too_large', undefined, { Connection: 'close' });
		else {
			console.error(`sandbox: ${req.method} ${path} failed:`, error);
			sendError(res, 500, 'Internal sandbox error', 'internal_error');
		}
	}
}

async function handleRead(state: SandboxState, request: ApiRequest, endpoint: ReadEndpoint, params: Record<string, string>): Promise<void> {
	const { req, res, path, query, cursor, origin } = request;
	const hostile = state.profile === 'hostile';
	validateRead(state, endpoint, query, params, origin);
	if (hostile) refuseMalformedMaxAge(headerValue(req, 'x-api-max-age'));
	const single = endpoint.single === true;
	const size = hostile ? hostilePageSize(state.seed, path, state.config.pageSize) : state.config.pageSize;
	const cut = (rows: object[], ref: CursorRef) =>
		hostile ? hostileCutPage({ seed: state.seed, rows, ref, path, query, origin }) : cutPage(rows, ref, path, query);
	const answer = (view: FreshnessView, page: Page | undefined) => {
		const envelope = readEnvelope(path, query, view, page, single, state.profile);
		sendJson(res, 200, hostile ? hostileReadEnvelope(state.seed, envelope, query) : envelope);
	};
	if (cursor !== undefined && !single) {
		const ref = decodeCursor(cursor);
		const view = ref ? state.cache.readPinned(ref.snapshotId, path, query) : { status: 'stale' as const };
		const current = hostile && ref && view.snapshot && view.status !== 'ok' ? state.cache.currentSnapshot(path, query) : undefined;
		if (current && ref && cursorFollowsList(state.seed, path, query)) {
			answer({ status: 'ok', snapshot: current }, cut(current.rows, { ...ref, snapshotId: current.id }));
			return;
		}
		const refusal = hostile ? oldCursorRefusal(ref, view) : undefined;
		if (refusal) throw refusal;
		answer(view, ref && view.snapshot ? cut(view.snapshot.rows, ref) : undefined);
		return;
	}
	const notifyUrl = headerValue(req, 'x-api-notify-url') || undefined;
	const view = state.cache.readFirstPage({
		endpoint,
		path,
		query,
		params,
		origin,
		maxAgeSeconds: parseMaxAge(headerValue(req, 'x-api-max-age')) ?? DEFAULT_MAX_AGE_SECONDS,
		notifyUrl,
		processingMode: headerValue(req, 'x-api-processing-mode'),
	});
	// the webhook overtakes the answer (control `notifyBeforeAnswer`): the answer keeps what was decided above
	if (state.config.notifyBeforeAnswer && notifyUrl && view.jobId) await state.cache.finishJobNow(path, query);
	const snapshot = view.snapshot;
	const page = !snapshot
		? undefined
		: single
			? { rows: snapshot.rows, number: 1, links: {} }
			: cut(snapshot.rows, { snapshotId: snapshot.id, offset: 0, size });
	answer(view, page);
}

/**
 * hostile: a query parameter the endpoint's validation never asked for is refused, named; the ones it
 * reads are read as the spec writes them (one value per key, the enum's case, MM/DD/YYYY)
 */
function validateRead(state: SandboxState, endpoint: ReadEndpoint, query: QueryParams, params: Record<string, string>, origin: string): void {
	if (state.profile !== 'hostile') {
		endpoint.validate?.(state.context(origin), query, params);
		return;
	}
	const tracker = new ReadTracker(query);
	endpoint.validate?.(state.context(origin), readStrictly(tracker.proxy), params);
	refuseUnknown(tracker.unread(), 'query parameter');
}

/**
 * hostile: a body field the endpoint never read is refused, named. The create runs first on a copy
 * of the data (a dry run), so a refused body stores nothing.
 */
function refuseUnknownFields(state: SandboxState, endpoint: CreateEndpoint, body: unknown, origin: string): void {
	if (!body || typeof body !== 'object') return;
	const tracker = new ReadTracker(body);
	endpoint.create({ ...state.context(origin), db: dryRunCopy(state.db), dryRun: true }, tracker.proxy);
	refuseUnknown(tracker.unread(), 'field');
}

const PLAIN_PROTOTYPES: unknown[] = [Object.prototype, Array.prototype, Map.prototype, Set.prototype, Date.prototype];

/** a deep copy of the data that keeps the classes of its top-level members (the seeded Random) */
function dryRunCopy(db: unknown): unknown {
	const copy = structuredClone(db) as Record<string, object>;
	for (const [key, value] of Object.entries(db as Record<string, unknown>)) {
		const prototype: unknown = value && typeof value === 'object' ? Object.getPrototypeOf(value) : null;
		if (prototype && !PLAIN_PROTOTYPES.includes(prototype)) Object.setPrototypeOf(copy[key], prototype as object);
	}
	return copy;
}

function withoutJobId(query: QueryParams): QueryParams {
	const rest: QueryParams = { ...query };
	delete rest.jobId;
	return rest;
}

/** A GET with `jobId` on a create path polls that write job (profile `documented`; hostile asynchronous creates). */
function answerWriteJob(state: SandboxState, { res, path, query }: ApiRequest): boolean {
	const resolved = state.router.resolve('POST', path);
	if ('error' in resolved) return false;
	const jobId = query.jobId;
	const answer = typeof jobId === 'string' ? state.writeJobs.status(path, jobId) : undefined;
	if (answer) sendJson(res, 200, answer);
	else sendError(res, 404, `Unknown write job ${String(jobId)} on ${path}`, 'not_found', 'jobId');
	return true;
}

async function handleCreate(state: SandboxState, request: ApiRequest, endpoint: CreateEndpoint): Promise<void> {
	const { req, res, path, origin } = request;
	const body = await readJsonBody(req);
	if (state.profile === 'documented') {
		sendJson(res, 200, state.writeJobs.accept(endpoint, path, body, origin));
		return;
	}
	const hostile = state.profile === 'hostile';
	if (hostile) refuseUnknownFields(state, endpoint, body, origin);
	if (hostile && writesAsJob(state.seed, path, body)) {
		const present = (record: object) => hostileCreated(state.seed, path, record);
		const accepted = state.writeJobs.accept(endpoint, path, body, origin, { acceptedStatus: jobAcceptedStatus(state.seed, path, body), present });
		sendJson(res, hostileCreateStatus(state.seed, path, body), accepted);
		return;
	}
	const created = endpoint.create(state.context(origin), body);
	state.cache.expire(endpoint.invalidates);
	const status = hostile ? hostileCreateStatus(state.seed, path, body) : 200;
	const answered = hostile ? hostileCreated(state.seed, path, created) : created;
	sendJson(res, status, createEnvelope(path, body, answered, Math.floor(state.clock.now().getTime() / 1000)));
}

export function parseMaxAge(header: string | undefined): number | undefined {
	if (header === undefined || header.trim() === '') return undefined;
	const value = Number(header);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}
