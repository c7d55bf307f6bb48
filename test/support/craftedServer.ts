/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface CraftedReply {
	status?: number;
	body: unknown;
	/** e.g. a Location for a redirect */
	headers?: Record<string, string>;
}

export interface CraftedServer {
	url: string;
	seen: SeenRequest[];
	close(): Promise<void>;
}

/**
 * A service we fully control, for envelopes the sandbox never produces (loops, off-origin links,
 * duplicates across pages). `reply` sees each request and decides the answer.
 */
export async function startCraftedServer(reply: (request: SeenRequest, url: URL) => CraftedReply): Promise<CraftedServer> {
	const seen: SeenRequest[] = [];
	const server = createServer((req, res) => {
		const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
		seen.push(request);
		req.resume();
		req.on('end', () => {
			const answer = reply(request, new URL(request.url, 'http://crafted'));
			res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
			res.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/** An `ok` list page: what the real service sends when the cache is fresh. */
export function okPage(path: string, items: object[], next?: string, page = 1) {
	return { meta: { status: 'ok', path, count: items.length, page, lastUpdated: 1_763_700_000 }, links: { next: next ?? null }, data: items };
}

/** Any envelope: `status` and `lastUpdated` as given, `count` the items in `data` (no path or page in meta). */
export function envelope(data: unknown[], next?: string, lastUpdated = 1_700_000_000, status = 'ok') {
	return { meta: { status, lastUpdated, count: data.length }, links: { next: next ?? null }, data };
}
