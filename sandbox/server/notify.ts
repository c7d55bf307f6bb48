/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { QueryParams } from '../types';

export interface NotifyPayload {
	/** absent when the data was already fresh (documented profile: the URL is called at once) */
	jobId?: string;
	path: string;
	query: QueryParams;
	status: 'ok';
	lastUpdated: number;
	url: string;
}

/** The public docs: the receiver must answer 2xx within 20 s, or the connection is closed. */
export const NOTIFY_TIMEOUT_MS = 20_000;

/** One notification as the sandbox sent it (control API `GET /__sandbox/notifications`). */
export interface NotificationRecord {
	/** real epoch ms when the POST went out and when its answer (or failure) came */
	sentAt: number;
	answeredAt: number;
	url: string;
	jobId: string | null;
	path: string;
	/** the receiver's HTTP status; 0 when there was no answer (refused, reset, 20 s time-out, bad URL) */
	status: number;
}

/** Fire-and-forget: a failed notification is not retried (README "Freshness"); resolves with the receiver's status, 0 for none. */
export function postNotification(target: string, payload: NotifyPayload): Promise<number> {
	return new Promise((resolve) => {
		let url: URL;
		try {
			url = new URL(target);
		} catch {
			resolve(0);
			return;
		}
		const body = JSON.stringify(payload);
		const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
		const req = send(
			url,
			{
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
				timeout: NOTIFY_TIMEOUT_MS,
			},
			(res) => {
				const status = res.statusCode ?? 0;
				res.resume();
				res.on('end', () => resolve(status));
				res.on('error', () => resolve(status));
			},
		);
		req.on('timeout', () => req.destroy());
		req.on('error', () => resolve(0));
		req.end(body);
	});
}
