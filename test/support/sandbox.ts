/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { randomUUID } from 'node:crypto';
import type { FaultSpec } from '../../sandbox/server/faults';
import type { NotificationRecord } from '../../sandbox/server/notify';
import type { RuntimeConfig, SandboxProfile } from '../../sandbox/server/options';
import type { RequestLogEntry } from '../../sandbox/server/requestLog';
import { hostileRows } from '../../sandbox/hostile/nulls';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../sandbox/server/server';
import type { InjectKind, UpdateKind } from '../../sandbox/types';

export type { RequestLogEntry } from '../../sandbox/server/requestLog';

export interface SandboxConfigUpdate {
	/** ISO instant; the sandbox clock runs on from it */
	clock?: string;
	jobSeconds?: number;
	pageSize?: number;
	rateLimit?: boolean;
	/** documented profile: the offset played for the docs' ±5 min max-age variance (±300) */
	maxAgeVarianceSeconds?: number;
	/** every refresh job fails (documented profile: `stale` with meta.statusDetails) */
	failRefreshes?: boolean;
	/** documented profile: status of a create POST's answer (default `ok`, with meta.jobId and no data) */
	writeAcceptedStatus?: 'ok' | 'updating';
	/** documented profile: a GET with `jobId` answers the plain read of the path */
	jobPollIgnoresJobId?: boolean;
	/** documented profile: write jobs end `stale` with meta.statusDetails, nothing stored */
	failWriteJobs?: boolean;
	/** documented profile: dateFrom/dateTo only narrow the range; without dateRange its default applies */
	datesNeedRange?: boolean;
	/** a read with X-API-NOTIFY-URL that starts or joins a refresh: the refresh ends and its webhook is answered before the read is */
	notifyBeforeAnswer?: boolean;
}

export type SandboxConfig = RuntimeConfig & { clock: string; profile: SandboxProfile };

/** Typed client for the control API (`/__sandbox`, see sandbox/README.md). */
export interface SandboxControl {
	reset(): Promise<SandboxConfig>;
	config(update?: SandboxConfigUpdate): Promise<SandboxConfig>;
	inject<T extends object = Record<string, unknown>>(kind: InjectKind, record: Record<string, unknown>): Promise<T>;
	/** staff move a record along (a work order's status, a bill paid or approved, an application decided) */
	update<T extends object = Record<string, unknown>>(kind: UpdateKind, id: string, set: Record<string, unknown>): Promise<T>;
	fault(spec: Partial<FaultSpec> & Pick<FaultSpec, 'type'>): Promise<FaultSpec>;
	clearFaults(): Promise<void>;
	expire(path?: string): Promise<number>;
	restart(): Promise<void>;
	log(since?: number): Promise<RequestLogEntry[]>;
	clearLog(): Promise<void>;
	/** every notify POST the sandbox sent, with its receiver's status (0: no answer) */
	notifications(): Promise<NotificationRecord[]>;
	records<T extends object = Record<string, unknown>>(kind: string, id?: string): Promise<T[]>;
}

export interface TestSandbox {
	url: string;
	/** the first of `keys`: unique per sandbox unless keys were given */
	key: string;
	keys: string[];
	handle: SandboxHandle;
	control: SandboxControl;
	close(): Promise<void>;
}

/**
 * The profile a test sandbox plays unless the test names one: jest's `documented` and `hostile`
 * projects set PM_SANDBOX_PROFILE so that the node's suites run against those readings too.
 */
export function testProfile(): SandboxProfile {
	const profile = process.env.PM_SANDBOX_PROFILE;
	return profile === 'documented' || profile === 'hostile' ? profile : 'spec';
}

/** A sandbox on a free port with its own key; defaults suit tests (port 0, unique key, the run's profile). */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const keys = options.keys?.length ? options.keys : [`test-key-${randomUUID()}`];
	const handle = await startSandbox({ ...options, port: options.port ?? 0, keys, profile: options.profile ?? testProfile() });
	return {
		url: handle.url,
		key: keys[0],
		keys,
		handle,
		control: controlClient(handle.url),
		close: () => handle.close(),
	};
}

/** fetch's pool may hand out a connection the sandbox has just closed (e.g. after a 413 with Connection: close). */
function isStaleConnection(error: unknown): boolean {
	return error instanceof TypeError && ((error as { cause?: { code?: unknown } }).cause)?.code === 'ECONNRESET';
}

export function controlClient(baseUrl: string): SandboxControl {
	const send = async (method: string, path: string, body?: unknown) =>
		await fetch(`${baseUrl}/__sandbox${path}`, {
			method,
			headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
		// a read is asked once more on a reset connection; a write never (it may have been applied)
		const response = await send(method, path, body).catch(async (error: unknown) => {
			if (method === 'GET' && isStaleConnection(error)) return await send(method, path, body);
			throw error;
		});
		const payload = (await response.json()) as { data?: T; message?: string };
		if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${payload.message}`);
		return payload.data as T;
	};
	return {
		reset: () => call('POST', '/reset'),
		config: (update) => (update ? call('POST', '/config', update) : call('GET', '/config')),
		inject: (kind, record) => call('POST', '/inject', { kind, record }),
		update: (kind, id, set) => call('POST', '/update', { kind, id, set }),
		fault: (spec) => call('POST', '/faults', { count: 1, ...spec }),
		clearFaults: async () => void (await call('DELETE', '/faults')),
		expire: async (path) => (await call<{ expired: number }>('POST', '/expire', path === undefined ? {} : { path })).expired,
		restart: async () => void (await call('POST', '/restart')),
		log: (since) => call('GET', `/log${since === undefined ? '' : `?since=${since}`}`),
		clearLog: async () => void (await call('DELETE', '/log')),
		notifications: () => call('GET', '/notifications'),
		records: (kind, id) => call('GET', `/records/${encodeURIComponent(kind)}${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`),
	};
}

/** Waits until the sandbox's request log shows what `shows` looks for; an error after `timeoutMs`. */
export async function untilLogged(control: SandboxControl, shows: (log: RequestLogEntry[]) => boolean, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!shows(await control.log())) {
		if (Date.now() > deadline) throw new Error(`the sandbox's log did not show what the test waited for within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/**
 * A record as the test sandbox's profile lists it on `path`: the hostile profile nulls fields of some
 * records (always the same ones, sandbox/hostile/nulls.ts), the other profiles serve it as stored.
 * For tests that compare what the node output with what the service holds.
 */
export function asServed<T extends object>(sandbox: TestSandbox, path: string, record: T): T {
	const { profile, seed } = sandbox.handle.state;
	return profile === 'hostile' ? (hostileRows(seed, path, [record])[0] as T) : record;
}

/**
 * A field of a create's answer as a test expects it: in the `hostile` project the answer may carry null
 * for any field but the record's own id (the stored record stays whole: sandbox/hostile/nulls.ts,
 * hostileCreated); elsewhere exactly `expected`. Nested `answered` values apply inside.
 */
export function answered<T>(expected: T): T {
	if (testProfile() !== 'hostile') return expected;
	const matches = (actual: unknown) => {
		if (actual === null) return true;
		try {
			expect(actual).toEqual(expected);
			return true;
		} catch {
			return false;
		}
	};
	return { asymmetricMatch: matches, toAsymmetricMatcher: () => `${JSON.stringify(expected)} or null` } as unknown as T;
}

/**
 * `it`, except in the `hostile` project, where the test is skipped with the reason in its name: for a
 * test that asserts a fact of the spec/documented profiles which the hostile profile changes on
 * purpose (its page sizes, say). The rest of the suite still runs there.
 */
export function itUnlessHostile(reason: string): jest.It {
	if (testProfile() !== 'hostile') return it;
	const named = (name: string) => `${name} [skipped in hostile: ${reason}]`;
	const skipped = (name: string, fn?: jest.ProvidesCallback, timeout?: number) => it.skip(named(name), fn, timeout);
	const each = (table: readonly unknown[]) => (name: string, fn: (...args: never[]) => unknown, timeout?: number) =>
		(it.skip.each as (table: readonly unknown[]) => (name: string, fn: (...args: never[]) => unknown, timeout?: number) => void)(table)(named(name), fn, timeout);
	return Object.assign(skipped, { each }) as unknown as jest.It;
}
