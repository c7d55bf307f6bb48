import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { QueryParams } from './types';

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

/** Fire-and-forget: a failed notification is not retried (README "Freshness"). */
export function postNotification(target: string, payload: NotifyPayload): Promise<void> {
	return new Promise((resolve) => {
		let url: URL;
		try {
			url = new URL(target);
		} catch {
			resolve();
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
				res.resume();
				res.on('end', () => resolve());
				res.on('error', () => resolve());
			},
		);
		req.on('timeout', () => req.destroy());
		req.on('error', () => resolve());
		req.end(body);
	});
}
