/** A tiny service of our own that answers crafted envelopes, for what the sandbox never does. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
	url: string;
	apiKey: string | undefined;
}

export interface CraftedServer {
	url: string;
	seen: SeenRequest[];
	close(): Promise<void>;
}

export type Responder = (url: string, seen: SeenRequest[]) => { status?: number; body: unknown };

export async function startCraftedServer(respond: Responder): Promise<CraftedServer> {
	const seen: SeenRequest[] = [];
	const server = http.createServer((request, response) => {
		const header = request.headers['x-api-key'];
		seen.push({ url: request.url ?? '', apiKey: Array.isArray(header) ? header[0] : header });
		const { status = 200, body } = respond(request.url ?? '', seen);
		response.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
		response.end(JSON.stringify(body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export function envelope(data: unknown[], next?: string, lastUpdated = 1_700_000_000, status = 'ok') {
	return { meta: { status, lastUpdated, count: data.length }, links: { next: next ?? null }, data };
}
