/* eslint-disable @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { createDb } from '../../../sandbox/db';
import type { Db } from '../../../sandbox/db/db';
import { endpoints } from '../../../sandbox/resources';
import type { CreateEndpoint, QueryParams, ReadEndpoint, SandboxContext } from '../../../sandbox/types';

export const SEED = 20261121;
export const NOW = new Date('2026-03-18T15:30:00Z');

/** a handler-level context over a fresh seeded db, with the clock fixed */
export function makeContext(now = NOW, profile: SandboxContext['profile'] = 'spec', units?: number): SandboxContext & { db: Db } {
	return { now: () => now, db: createDb(SEED, now, units), origin: 'http://127.0.0.1:9999', profile };
}

export function readEndpoint(path: string): ReadEndpoint {
	const endpoint = endpoints.find((e) => e.kind === 'read' && e.path === path);
	if (!endpoint) throw new Error(`no read endpoint ${path}`);
	return endpoint as ReadEndpoint;
}

export function createEndpoint(path: string): CreateEndpoint {
	const endpoint = endpoints.find((e) => e.kind === 'create' && e.path === path);
	if (!endpoint) throw new Error(`no create endpoint ${path}`);
	return endpoint as CreateEndpoint;
}

/** what the server does: validate at request time, list when the job runs */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record as the endpoint serves it, read field by field
export function read<T = Record<string, any>>(ctx: SandboxContext, path: string, query: QueryParams = {}, params: Record<string, string> = {}): T[] {
	const endpoint = readEndpoint(path);
	endpoint.validate?.(ctx, query, params);
	return endpoint.list(ctx, query, params) as T[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored record, read field by field
export function create<T = Record<string, any>>(ctx: SandboxContext, path: string, body: unknown): T {
	return createEndpoint(path).create(ctx, body) as T;
}

/** the HttpError a call throws (status and field), or undefined */
export function failure(call: () => unknown): { status: number; field?: string; message: string } | undefined {
	try {
		call();
		return undefined;
	} catch (error) {
		const e = error as { status?: number; field?: string; message: string };
		if (e.status === undefined) throw error;
		return { status: e.status, field: e.field, message: e.message };
	}
}
