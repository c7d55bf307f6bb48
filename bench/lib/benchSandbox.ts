/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxProfile } from '../../sandbox/server/options';
import { startTestSandbox, type RequestLogEntry, type TestSandbox } from '../../test/support/sandbox';

/** One key per measurement so one run's rate-limit window never delays the next; the last key warms caches. */
export const KEY_COUNT = 12;

export interface BenchSandbox extends TestSandbox {
	/** a key nobody measures with: caches are shared by all keys, the rate limit is not */
	warmKey: string;
	labelOf(key: string): string;
}

export async function startBenchSandbox(options: { pageSize: number; jobSeconds: number; rateLimit: boolean; profile?: SandboxProfile; units?: number }): Promise<BenchSandbox> {
	const keys = Array.from({ length: KEY_COUNT }, (_, index) => `bench-key-${index + 1}`);
	const sandbox = await startTestSandbox({ ...options, keys });
	return { ...sandbox, warmKey: keys[keys.length - 1], labelOf: (key) => `key#${keys.indexOf(key) + 1}` };
}

/**
 * Brings a first-page cache entry to `ok` so a measurement starts on fresh data (the freshness
 * wait has its own row). Polls with the warm key, honouring the limit, like a patient client.
 */
export async function warm(sandbox: BenchSandbox, pathAndQuery: string): Promise<void> {
	const { jobSeconds } = await sandbox.control.config();
	for (let attempt = 0; attempt < 60; attempt++) {
		const response = await fetch(`${sandbox.url}${pathAndQuery}`, { headers: { 'X-API-Key': sandbox.warmKey } });
		if (response.status === 429) {
			await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
			continue;
		}
		const body = (await response.json()) as { meta?: { status?: string } };
		if (response.status !== 200) throw new Error(`warm ${pathAndQuery}: ${response.status}`);
		if (body.meta?.status === 'ok') {
			// the measured key starts with a clean window too: the limit is per key, but be safe with spacing
			await sleep(1000);
			return;
		}
		await sleep(Math.max(1000, jobSeconds * 1000 + 200));
	}
	throw new Error(`warm ${pathAndQuery}: never became ok`);
}

export interface LogCounts {
	requests: number;
	rejected429: number;
	accepted: number;
}

/** Counts from the sandbox's own request log: what the service saw, not what the client believes. */
export function countLog(entries: RequestLogEntry[], keyLabels?: string[]): LogCounts {
	const mine = keyLabels ? entries.filter((entry) => entry.key !== null && keyLabels.includes(entry.key)) : entries;
	const rejected429 = mine.filter((entry) => entry.status === 429).length;
	return { requests: mine.length, rejected429, accepted: mine.length - rejected429 };
}
