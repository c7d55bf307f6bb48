import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { throwIfCancelled } from './cancellation';
import { apiError, errorForOutcome, scrubKey, type ErrorPlace } from '../errors';
import { keySharedByProcesses, pauseKey, SendTurnTimedOut, takeSendTurn } from './rateLimiter';
import { isRedirect, redirectError } from './redirects';
import { parseRetryAfter, retryDecision } from './retryPolicy';
import type { ExchangeOutcome } from '../exchangeOutcome';
import { CREDENTIAL_TYPE, type EngineDeps, type Envelope } from '../types';

export type EngineContext =
	| IExecuteSingleFunctions
	| IExecuteFunctions
	| IPollFunctions
	| ILoadOptionsFunctions;

/** Everything one apiRequest call shares between its exchanges. */
export interface EngineSession {
	ctx: EngineContext;
	apiKey: string;
	baseUrl: string;
	deps: EngineDeps;
	place: ErrorPlace;
	timeoutMs: number;
	/** HTTP requests sent so far, retries included */
	requests: number;
	/** n8n's execution cancel signal, when the context has one */
	signal?: AbortSignal;
	/** who takes turns on the key (see rateLimiter.ts): the execution, or this one call */
	caller: string;
	/** how long one request may keep being answered 429: the operation's Max Wait */
	waitBudgetMs: number;
	/** the credential's Shared by Several n8n Processes: turns keep to the key's clock grid */
	sharedKey: boolean;
}

let callsWithoutExecution = 0;

/**
 * An execution's items and pages share one place in the key's round of turns. Trigger polls and list
 * searches may have no execution id; each of their calls then counts as a caller of its own.
 */
export function callerOf(ctx: EngineContext): string {
	const executionId = (ctx as { getExecutionId?: () => string | undefined }).getExecutionId?.();
	if (typeof executionId === 'string' && executionId !== '') return `execution ${executionId}`;
	callsWithoutExecution += 1;
	return `call ${callsWithoutExecution}`;
}

export interface ExchangeRequest {
	method: 'GET' | 'POST';
	url: string;
	qs?: IDataObject;
	body?: IDataObject;
	headers: IDataObject;
}

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

/**
 * Node's codes for a certificate it did not accept (OpenSSL's verify results, e.g. DEPTH_ZERO_SELF_SIGNED_CERT,
 * CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE, and ERR_TLS_CERT_ALTNAME_INVALID for another host name).
 */
function isCertificateCode(code: string): boolean {
	return /CERT|CRL|^UNABLE_TO_|SIGNATURE_FAILURE|^HOSTNAME_MISMATCH$|^INVALID_(CA|PURPOSE)$|^PATH_LENGTH_EXCEEDED$/.test(code);
}

/**
 * n8n-core wraps axios errors in NodeApiError: the code is then in `httpCode`, the text in `messages`.
 * Without a code of Node's, the error's own text (the key never in it) is kept for the message: an
 * error of n8n's request helper itself must not read as a bare "no connection".
 */
export function networkOutcome(error: unknown, url: string, apiKey: string): ExchangeOutcome {
	const candidates = [error, (error as { cause?: unknown })?.cause] as Array<Record<string, unknown> | undefined>;
	let code = 'UNKNOWN';
	let text = '';
	for (const candidate of candidates) {
		for (const found of [candidate?.code, candidate?.httpCode]) {
			if (typeof found !== 'string' || code !== 'UNKNOWN') continue;
			if (/^E[A-Z_]+$/.test(found) || isCertificateCode(found)) code = found;
		}
		if (typeof candidate?.message === 'string') text += ` ${candidate.message}`;
		if (Array.isArray(candidate?.messages)) text += ` ${candidate.messages.join(' ')}`;
	}
	if (isCertificateCode(code)) {
		const reason = candidates.map((candidate) => candidate?.message).find((message) => typeof message === 'string' && message.trim() !== '');
		return { kind: 'certificate', code, reason: String(reason ?? code).trim(), host: new URL(url).host };
	}
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(text);
	if (code === 'UNKNOWN' && /socket hang up/i.test(text)) code = 'ECONNRESET';
	if (code === 'UNKNOWN' && /ECONNREFUSED/.test(text)) code = 'ECONNREFUSED';
	if (code !== 'UNKNOWN' || timedOut) return { kind: 'network', code, timedOut };
	const detail = scrubKey(text, apiKey).replace(/\s+/g, ' ').trim().slice(0, 300);
	return { kind: 'network', code, timedOut, ...(detail ? { detail } : {}) };
}

function isEnvelope(body: unknown): body is Envelope {
	return !!body && typeof body === 'object' && !Array.isArray(body);
}

/** Every answer of the service, list or job, carries `meta.status`; `{}` or another API's JSON does not. */
function hasServiceMeta(body: unknown): boolean {
	const meta = (body as { meta?: unknown } | undefined)?.meta;
	return !!meta && typeof meta === 'object' && typeof (meta as { status?: unknown }).status === 'string';
}

/**
 * Without meta a read would count as stale and wait the whole Max Wait for a refresh that never comes.
 * A create's answer is write.ts's to read: it may carry the record without meta, and the POST may have acted.
 */
function notTheService(session: EngineSession, status: number) {
	return apiError(
		session.place,
		`The answer to ${session.place.path} does not look like the Property Management API; check the Base URL of the credential`,
		`HTTP ${status} with a JSON body that has no meta.status, which every answer of the service carries. The Base URL (${session.baseUrl}) may point to another server or lack a path prefix.`,
		String(status),
	);
}

/** The key is paused (after a 429) past the operation's Max Wait: nothing was sent. */
function sendTurnTimedOut(session: EngineSession, timedOut: SendTurnTimedOut, startedAt: number) {
	const budgetSeconds = Math.round(session.waitBudgetMs / 1000);
	const waitedSeconds = Math.round((session.deps.now() - startedAt) / 1000);
	const pausedSeconds = Math.max(0, Math.ceil((timedOut.pausedUntil - session.deps.now()) / 1000));
	return apiError(
		session.place,
		`No request to ${session.place.path} could be sent within the operation's Max Wait (${budgetSeconds} s)`,
		`The service answered 429 Too Many Requests for this API key and asked to wait; the next request could go in ${pausedSeconds} s. Waited ${waitedSeconds} s; nothing was sent. Raise Options → Max Wait to wait longer, or run this when fewer workflows use the same API key.`,
		'none',
	);
}

async function sendOnce(session: EngineSession, request: ExchangeRequest, startedAt: number): Promise<ExchangeOutcome> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: request.qs,
		body: request.body,
		headers: request.headers,
		json: true,
		timeout: session.timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		arrayFormat: 'repeat',
		disableFollowRedirect: true,
		abortSignal: session.signal,
	};
	throwIfCancelled(session.signal);
	const deadline = startedAt + session.waitBudgetMs;
	const endOfTurn = await takeSendTurn(session.apiKey, session.caller, session.deps, session.sharedKey, deadline, session.signal).catch(
		(error: unknown) => {
			throw error instanceof SendTurnTimedOut ? sendTurnTimedOut(session, error, startedAt) : error;
		},
	);
	let response: FullResponse | undefined;
	try {
		throwIfCancelled(session.signal);
		session.requests += 1;
		// Not makeRoutingRequest: it drops the status and headers that freshness, Retry-After and error
		// handling need; this helper still applies the credential's authenticate (X-API-Key) for us.
		response = (await session.ctx.helpers.httpRequestWithAuthentication.call(
			session.ctx,
			CREDENTIAL_TYPE,
			options,
		)) as FullResponse;
	} catch (error) {
		throwIfCancelled(session.signal);
		return networkOutcome(error, request.url, session.apiKey);
	} finally {
		endOfTurn(response?.statusCode);
	}
	const status = response.statusCode;
	if (isRedirect(status)) {
		throw redirectError(session.place, status, response.headers?.location, request.url, session.baseUrl);
	}
	if (status >= 200 && status < 300) {
		if (!isEnvelope(response.body)) return { kind: 'malformed', status };
		if (request.method === 'GET' && !hasServiceMeta(response.body)) throw notTheService(session, status);
	}
	return {
		kind: 'response',
		status,
		body: response.body,
		retryAfterSeconds: parseRetryAfter(response.headers?.['retry-after'], session.deps.now()),
	};
}

/** One logical request: paced by the key's limiter, retried per the policy, a 2xx envelope or an error. */
export async function exchange(session: EngineSession, request: ExchangeRequest): Promise<Envelope> {
	const startedAt = session.deps.now();
	for (let attempt = 1; ; attempt++) {
		const outcome = await sendOnce(session, request, startedAt);
		if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
			return outcome.body as Envelope;
		}
		const waitedMs = session.deps.now() - startedAt;
		const waitLeftMs = session.waitBudgetMs - waitedMs;
		const decision = retryDecision(request.method, outcome, attempt, session.deps.random, waitLeftMs, keySharedByProcesses(session.apiKey));
		if (!decision.retry) {
			throw errorForOutcome(session.place, outcome, attempt, { waitedMs, budgetMs: session.waitBudgetMs });
		}
		if (decision.pausesKey) {
			pauseKey(session.apiKey, session.deps.now() + decision.delayMs);
		} else {
			await session.deps.sleep(decision.delayMs);
		}
	}
}
