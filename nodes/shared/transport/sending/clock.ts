import { sleep } from 'n8n-workflow';

import type { EngineDeps } from '../types';

export const POLL_INTERVAL_MS = 10_000;
/**
 * The service accepts one request per second. Counted from the previous request's answer (see
 * rateLimiter.ts), so the service sees a gap of at least this plus that request's own time there;
 * the margin covers a service that rounds its timestamps.
 */
export const REQUEST_SPACING_MS = 1_000 + 10;

/**
 * Waits `ms`, or less when the signal aborts. Built on n8n-workflow's `sleep(ms)` alone, the one
 * wait that every n8n-workflow the package meets at run time exports (1.120 inside n8n 1.123, 2.41
 * inside n8n 2.41 and beside the package after a manual `npm install`); `sleepWithAbort` is gone
 * from 2.41. After an abort the timer runs out on its own; nothing waits for it.
 */
export async function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	if (signal.aborted) return;
	let onAbort!: () => void;
	const aborted = new Promise<void>((resolve) => {
		onAbort = resolve;
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
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
