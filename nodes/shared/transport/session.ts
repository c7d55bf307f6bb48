import type { IDataObject } from 'n8n-workflow';

import type { ErrorPlace } from './errors';
import { cancellableDeps, cancelSignalOf } from './sending/cancellation';
import { withDefaults } from './sending/clock';
import { callerOf, type EngineContext, type EngineSession, type ExchangeRequest } from './sending/exchange';
import { checkSettings } from './settings/settingChecks';
import { freshnessOf, maxWaitMsOf } from './settings/settings';
import { CREDENTIAL_TYPE, type EngineDeps, type EngineOptions } from './types';

/**
 * What a read and a create both begin with: the credentials checked, the clock and the cancel signal
 * wired, and the first request built with the engine's headers. The hook (or a programmatic caller)
 * opens it and hands it to the reader (reading/read.ts) or the writer (writing/write.ts).
 */

const PROCESSING_TIMEOUT_SECONDS = { default: 24, longer: 120 };
/** The service's own time-out plus room for the answer to travel back. */
const TIMEOUT_MARGIN_SECONDS = 6;

/** Where a session's request goes: the method decides what the first request carries. */
export interface SessionRequest {
	method: 'GET' | 'POST';
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
}

/** Credential base URL without trailing slashes, e.g. http://127.0.0.1:8787 */
function normalizeBaseUrl(baseUrl: string): string {
	return String(baseUrl ?? '').trim().replace(/\/+$/, '');
}

function absoluteUrl(baseUrl: string, path: string): string {
	if (/^https?:\/\//i.test(path)) return path;
	return `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

function engineHeaders(options: EngineOptions): IDataObject {
	const headers: IDataObject = {};
	if (options.maxAge !== undefined && options.maxAge !== null && String(options.maxAge) !== '') {
		headers['X-API-MAX-AGE'] = String(options.maxAge);
	}
	if (options.processingMode) headers['X-API-PROCESSING-MODE'] = options.processingMode;
	if (freshnessOf(options) === 'notify' && options.notifyUrl) {
		headers['X-API-NOTIFY-URL'] = options.notifyUrl;
	}
	return headers;
}

export async function openSession(
	ctx: EngineContext,
	req: SessionRequest,
	options: EngineOptions,
	deps?: Partial<EngineDeps>,
): Promise<{ session: EngineSession; first: ExchangeRequest }> {
	const credentials = (await ctx.getCredentials(CREDENTIAL_TYPE)) as {
		apiKey?: string;
		baseUrl?: string;
		sharedByProcesses?: boolean;
	};
	const apiKey = String(credentials.apiKey ?? '');
	const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
	const place: ErrorPlace = { node: ctx.getNode(), itemIndex: req.itemIndex, apiKey, path: req.path, method: req.method };
	checkSettings(place, apiKey, baseUrl, options);
	const mode = options.processingMode === 'longer' ? 'longer' : 'default';
	const signal = cancelSignalOf(ctx);
	const session: EngineSession = {
		ctx,
		apiKey,
		baseUrl,
		signal,
		deps: cancellableDeps(withDefaults(deps), signal),
		place,
		timeoutMs: (PROCESSING_TIMEOUT_SECONDS[mode] + TIMEOUT_MARGIN_SECONDS) * 1000,
		requests: 0,
		caller: callerOf(ctx),
		waitBudgetMs: maxWaitMsOf(options),
		sharedKey: credentials.sharedByProcesses === true,
	};
	const first: ExchangeRequest = {
		method: req.method,
		url: absoluteUrl(session.baseUrl, req.path),
		qs: req.qs,
		body: req.method === 'GET' ? undefined : req.body,
		headers: engineHeaders(options),
	};
	return { session, first };
}
