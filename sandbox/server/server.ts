/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answeredByFault, handleApiRequest, parseMaxAge, type RequestTrace } from './api';
import { CONTROL_PREFIX, handleControl } from './control';
import { serveSignedFile, SIGNED_PREFIX } from './files';
import { headerValue, sendError } from './http';
import { DEFAULTS, type SandboxOptions } from './options';
import { parseQuery } from './query';
import { SandboxState } from './state';

export type { SandboxOptions } from './options';

export interface SandboxHandle {
	/** http://127.0.0.1:<port> */
	url: string;
	port: number;
	/** the live state, for in-process tooling; tests should prefer the control API */
	state: SandboxState;
	close(): Promise<void>;
	/** a service restart: caches, snapshots and jobs are dropped, data stays */
	restart(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
	const state = new SandboxState(options);
	const server = createServer((req, res) => {
		dispatch(state, req, res, options.onRequestLogged).catch((error) => {
			console.error('sandbox: unhandled error', error);
			if (!res.headersSent) sendError(res, 500, 'Internal sandbox error', 'internal_error');
			else res.destroy();
		});
	});
	const port = await listen(server, options.port ?? DEFAULTS.port);
	return {
		url: `http://${HOST}:${port}`,
		port,
		state,
		close: async () => {
			state.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
		restart: async () => state.restart(),
	};
}

function listen(server: Server, port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, HOST, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

async function dispatch(state: SandboxState, req: IncomingMessage, res: ServerResponse, onLogged?: SandboxOptions['onRequestLogged']): Promise<void> {
	const url = new URL(req.url ?? '/', 'http://sandbox');
	const path = url.pathname;
	if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
		await handleControl(state, req, res, path, url.searchParams);
		return;
	}
	const { query, cursor } = parseQuery(url.searchParams);
	const trace: RequestTrace = { keyLabel: null, fault: null };
	logWhenDone(state, req, res, path, cursor === undefined ? query : { ...query, 'page[after]': cursor }, trace, onLogged);
	if (path.startsWith(SIGNED_PREFIX) && req.method === 'GET') {
		trace.keyLabel = state.keyLabel(headerValue(req, 'x-api-key'));
		const fault = state.faults.take(path);
		if (fault) {
			trace.fault = fault.type;
			if (await answeredByFault(fault, { req, res, path })) return;
		}
		serveSignedFile(state, res, path);
		return;
	}
	const origin = `http://${req.headers.host ?? `${HOST}:${(req.socket.localPort ?? 0).toString()}`}`;
	await handleApiRequest(state, { req, res, path, query, cursor, origin, trace });
}

function logWhenDone(
	state: SandboxState,
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	query: Record<string, string | string[]>,
	trace: RequestTrace,
	onLogged?: SandboxOptions['onRequestLogged'],
): void {
	const time = Date.now();
	res.once('close', () => {
		const entry = state.log.add({
			time,
			method: req.method ?? 'GET',
			path,
			query,
			status: res.writableFinished ? res.statusCode : 0,
			durationMs: Date.now() - time,
			key: trace.keyLabel,
			hasApiKey: headerValue(req, 'x-api-key') !== undefined,
			maxAge: parseMaxAge(headerValue(req, 'x-api-max-age')) ?? null,
			processingMode: headerValue(req, 'x-api-processing-mode') ?? null,
			notifyUrl: headerValue(req, 'x-api-notify-url') ?? null,
			fault: trace.fault,
		});
		onLogged?.(entry);
	});
}
