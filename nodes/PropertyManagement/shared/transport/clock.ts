import { sleep, sleepWithAbort } from 'n8n-workflow';

import type { EngineDeps } from './types';

export const POLL_INTERVAL_MS = 10_000;
/** The service accepts one request per second; the margin absorbs jitter between send and arrival. */
export const REQUEST_SPACING_MS = 1_000 + 40;

/**
 * sleepWithAbort never removes its listener from the signal, and one execution's signal sees a wait
 * per page: each wait listens on a signal of its own, relayed from the execution's and detached after.
 */
async function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	const own = new AbortController();
	const relay = () => own.abort();
	if (signal.aborted) own.abort();
	else signal.addEventListener('abort', relay, { once: true });
	try {
		await sleepWithAbort(ms, own.signal);
	} finally {
		signal.removeEventListener('abort', relay);
	}
}

export const defaultDeps: EngineDeps = {
	now: () => Date.now(),
	sleep: sleepUnlessAborted,
	random: () => Math.random(),
	pollIntervalMs: POLL_INTERVAL_MS,
	spacingMs: REQUEST_SPACING_MS,
};

export function withDefaults(deps?: Partial<EngineDeps>): EngineDeps {
	return { ...defaultDeps, ...deps };
}
