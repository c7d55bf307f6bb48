import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

import { isRetryableFailure, type ExchangeOutcome } from './exchangeOutcome';

const REDACTED = '[redacted]';

/**
 * Shorter keys cannot be told apart from ordinary text (a one-letter key would redact every such
 * letter); the engine refuses to send them (settingChecks.ts), so no service can echo one back.
 */
export const MIN_API_KEY_LENGTH = 8;

/** Removes the API key wherever it appears; no error text may carry it. */
export function scrubKey(text: string, apiKey: string): string;
export function scrubKey(text: string | undefined, apiKey: string): string | undefined;
export function scrubKey(text: string | undefined, apiKey: string): string | undefined {
	if (text === undefined || apiKey.length < MIN_API_KEY_LENGTH) return text;
	return text.split(apiKey).join(REDACTED);
}

export interface ErrorPlace {
	node: INode;
	itemIndex?: number;
	apiKey: string;
	path: string;
	method?: 'GET' | 'POST';
}

/**
 * What to check after requests that got no answer. n8n 2.41's own "No bridge acquired" comes from its
 * expression runtime, shared by a workflow's triggers (docs/compatibility.md), not from the network.
 */
function connectionHint(detail: string | undefined): string {
	if (detail && /No bridge acquired/i.test(detail)) {
		return 'n8n could not apply the credential: another trigger of this workflow polled at the same moment (n8n 2.41). Put each Property Management Trigger in a workflow of its own.';
	}
	return 'Check the Base URL of the credential and that the service is reachable.';
}

/** After a time-out, a dropped connection or a 5xx on a create, only the service knows whether it acted. */
export const MAY_HAVE_ACTED =
	' The service may have created the record all the same: check (e.g. with Get Many) before running this again.';

/**
 * Under Continue On Fail n8n keeps only an error's message on its item (`{ error: message }`), not its
 * description: the caution of a create whose record may exist goes with the message there
 * (errorItemText). Kept beside the error, never in its message, so the node's own error view stays short.
 */
const createCautions = new WeakMap<object, string>();

/** Marks an error after which a create's record may exist, with what the error item must still say. */
export function withCreateCaution<E extends object>(error: E, caution = MAY_HAVE_ACTED.trim()): E {
	createCautions.set(error, caution);
	return error;
}

/** The text of an error item under Continue On Fail: the message, and the caution of a create that may have acted. */
export function errorItemText(error: unknown, apiKey: string): string {
	const message = String((error as Error)?.message ?? error);
	const caution = error && typeof error === 'object' ? createCautions.get(error) : undefined;
	const text = caution ? `${message}${/[.!?]$/.test(message) ? '' : '.'} ${caution}` : message;
	return scrubKey(text, apiKey);
}

interface ServiceErrorBody {
	message?: unknown;
	errors?: Array<{ message?: unknown; field?: unknown }>;
}

/** The service's own words: `{message, errors[]}`. */
export function serviceMessage(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const { message, errors } = body as ServiceErrorBody;
	const details = (Array.isArray(errors) ? errors : [])
		.map((entry) => {
			const text = typeof entry?.message === 'string' ? entry.message : '';
			const field = typeof entry?.field === 'string' ? entry.field : '';
			return field && text && !text.includes(field) ? `${field}: ${text}` : text;
		})
		.filter((text) => text && text !== message);
	const parts = [typeof message === 'string' ? message : '', ...details].filter(Boolean);
	return parts.length ? parts.join('; ') : undefined;
}

/**
 * Built from a clean object (never the request or the HTTP client's error), so headers and the key
 * cannot leak into the error's context. No `statusCode` property: RoutingNode replaces the message
 * of any error whose statusCode is 429.
 */
export function apiError(
	place: ErrorPlace,
	message: string,
	description: string | undefined,
	httpCode: string,
): NodeApiError {
	const scrubbedMessage = scrubKey(message, place.apiKey);
	const scrubbedDescription = scrubKey(description, place.apiKey);
	const error = new NodeApiError(
		place.node,
		{ message: scrubbedMessage, path: place.path } as JsonObject,
		{
			message: scrubbedMessage,
			description: scrubbedDescription,
			httpCode,
			itemIndex: place.itemIndex,
		},
	);
	return error;
}

export function operationError(place: ErrorPlace, message: string, description?: string) {
	return new NodeOperationError(place.node, scrubKey(message, place.apiKey), {
		description: scrubKey(description, place.apiKey),
		itemIndex: place.itemIndex,
	});
}

/** The error for an exchange that ended badly and will not be retried. */
export function errorForOutcome(
	place: ErrorPlace,
	outcome: ExchangeOutcome,
	attempts: number,
	wait: { waitedMs: number; budgetMs: number },
) {
	const error = outcomeError(place, outcome, attempts, wait);
	return createMayHaveActed(place, outcome) ? withCreateCaution(error) : error;
}

/** A create that failed in a way that may follow its success: a time-out, a dropped connection, a 5xx, an unreadable 2xx. */
function createMayHaveActed(place: ErrorPlace, outcome: ExchangeOutcome): boolean {
	if (place.method !== 'POST' || !isRetryableFailure(outcome)) return false;
	return !(outcome.kind === 'network' && outcome.code === 'ECONNREFUSED');
}

function outcomeError(
	place: ErrorPlace,
	outcome: ExchangeOutcome,
	attempts: number,
	wait: { waitedMs: number; budgetMs: number },
) {
	const at = `${place.path}`;
	const caution = createMayHaveActed(place, outcome) ? MAY_HAVE_ACTED : '';
	if (outcome.kind === 'network') {
		if (outcome.timedOut) {
			return apiError(
				place,
				`The service did not answer ${at} in time`,
				`No response before the time-out (${attempts} attempt(s)). For slow reports set Options → Processing Mode to "Longer".${caution}`,
				'timeout',
			);
		}
		return apiError(
			place,
			`Could not reach the service for ${at}`,
			`No connection (${outcome.code}${outcome.detail ? `: ${outcome.detail}` : ''}) after ${attempts} attempt(s). ${connectionHint(outcome.detail)}${caution}`,
			'network',
		);
	}
	if (outcome.kind === 'certificate') {
		return apiError(
			place,
			`The TLS certificate of ${outcome.host} was not accepted: ${outcome.reason}`,
			`${outcome.code}: the certificate the service presented for ${outcome.host} could not be verified, so nothing was sent to ${at} (not retried: every attempt meets the same certificate). Install a valid certificate on the service (issued by a trusted authority, for this host name, not expired), or correct the Base URL of the credential if it names the wrong host.`,
			'certificate',
		);
	}
	if (outcome.kind === 'malformed') {
		return apiError(
			place,
			`The service answered ${at} with a body that is not a JSON envelope`,
			`HTTP ${outcome.status}, ${attempts} attempt(s).${caution}`,
			String(outcome.status),
		);
	}
	const said = serviceMessage(outcome.body);
	switch (outcome.status) {
		case 401:
			return apiError(
				place,
				'The API key was rejected; check the Property Management API credential',
				said,
				'401',
			);
		case 403:
			// A read-only key is the usual cause of a refused create; a key limited to some endpoints of a refused read
			return apiError(
				place,
				place.method === 'POST'
					? `The API key lacks the permission to create records at ${at}`
					: `The API key lacks the permission to read ${at}`,
				`The service answered 403 Forbidden${said ? `: ${said}` : ''}. A key can be read-only or limited to some endpoints, and the connected user may not see every record; use a key with this permission (set in the service's dashboard, API Keys).`,
				'403',
			);
		case 429:
			return apiError(
				place,
				`The service kept rate-limiting requests to ${at}`,
				`Still 429 Too Many Requests after ${attempts} attempts over ${Math.round(wait.waitedMs / 1000)} s, and the next Retry-After would go past the operation's Max Wait (${Math.round(wait.budgetMs / 1000)} s; Options → Max Wait). Another client may be using the same API key.`,
				'429',
			);
		default:
			if (outcome.status >= 500) {
				return apiError(
					place,
					`The service could not process ${at} (HTTP ${outcome.status})`,
					(said ? `${said} (${attempts} attempt(s)).` : `${attempts} attempt(s).`) + caution,
					String(outcome.status),
				);
			}
			return apiError(
				place,
				said ?? `The service rejected ${at} (HTTP ${outcome.status})`,
				said ? `HTTP ${outcome.status} for ${at}` : undefined,
				String(outcome.status),
			);
	}
}
