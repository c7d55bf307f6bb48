/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../types';

export const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** After a 413 the rest of an oversized body is discarded up to this much, so the client can read the answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export interface ErrorItem {
	code: string;
	message: string;
	field?: string;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

export function errorBody(message: string, errors: ErrorItem[] = []): { message: string; errors: ErrorItem[] } {
	return { message, errors };
}

/** Answers of the documented profile: error bodies also carry the docs' `statusCode` and `type`. */
const documentedAnswers = new WeakSet<ServerResponse>();

export function answerAsDocumented(res: ServerResponse): void {
	documentedAnswers.add(res);
}

const ERROR_TYPES: Record<number, string> = {
	400: 'BadRequest',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	405: 'MethodNotAllowed',
	413: 'PayloadTooLarge',
	429: 'TooManyRequests',
};

export function sendError(res: ServerResponse, status: number, message: string, code: string, field?: string, headers?: Record<string, string>): void {
	const item: ErrorItem = field === undefined ? { code, message } : { code, message, field };
	const body = documentedAnswers.has(res)
		? { statusCode: status, type: ERROR_TYPES[status] ?? (status >= 500 ? 'InternalServerError' : 'Error'), ...errorBody(message, [item]) }
		: errorBody(message, [item]);
	sendJson(res, status, body, headers);
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
	sendError(res, error.status, error.message, error.code, error.field);
}

export class BodyTooLargeError extends Error {
	constructor() {
		super('Request body exceeds 20 MB');
	}
}

/** Reads the whole body, rejecting with BodyTooLargeError as soon as it passes the limit. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const declared = Number(req.headers['content-length']);
		if (Number.isFinite(declared) && declared > limit) {
			discardRest(req, () => reject(new BodyTooLargeError()));
			return;
		}
		const chunks: Buffer[] = [];
		let size = 0;
		const onData = (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				req.off('data', onData);
				chunks.length = 0;
				discardRest(req, () => reject(new BodyTooLargeError()));
				return;
			}
			chunks.push(chunk);
		};
		req.on('data', onData);
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/**
 * Reads the rest of a refused body and then calls `refuse`: the 413 goes out once the client has sent it
 * all, so the client reads the answer instead of a reset of a connection it was still writing to (CI,
 * 2026-11-28: 'fetch failed', ECONNRESET, on a loaded machine). Past the drain limit the socket is cut.
 */
function discardRest(req: IncomingMessage, refuse: () => void): void {
	let discarded = 0;
	req.on('data', (chunk: Buffer) => {
		discarded += chunk.length;
		if (discarded > DRAIN_LIMIT_BYTES) req.socket.destroy();
	});
	req.once('end', refuse);
	req.once('close', refuse);
	req.resume();
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
	const raw = await readBody(req);
	const text = raw.toString('utf8');
	if (text.trim() === '') throw new HttpError(400, 'Request body must be JSON');
	try {
		return JSON.parse(text);
	} catch {
		throw new HttpError(400, 'Request body must be JSON');
	}
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
	const value = req.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}
