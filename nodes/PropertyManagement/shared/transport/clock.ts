import { sleep } from 'n8n-workflow';

import type { EngineDeps } from './types';

export const POLL_INTERVAL_MS = 10_000;
/** The service accepts one request per second; the margin absorbs jitter between send and arrival. */
export const REQUEST_SPACING_MS = 1_000 + 40;

export const defaultDeps: EngineDeps = {
	now: () => Date.now(),
	sleep: async (ms) => await sleep(ms),
	random: () => Math.random(),
	pollIntervalMs: POLL_INTERVAL_MS,
	spacingMs: REQUEST_SPACING_MS,
};

export function withDefaults(deps?: Partial<EngineDeps>): EngineDeps {
	return { ...defaultDeps, ...deps };
}
