import type { EngineOptions, Freshness } from './types';

/**
 * The defaults of the Options the engine reads, in one place: the engine applies them here, and the
 * node's Options collection shows them as its defaults (shared/descriptions/engineOptions.ts).
 */
export const DEFAULT_FRESHNESS: Freshness = 'wait';
export const DEFAULT_MAX_WAIT_SECONDS = 300;

export function freshnessOf(options: EngineOptions): Freshness {
	return options.freshness ?? DEFAULT_FRESHNESS;
}

export function maxWaitMsOf(options: EngineOptions): number {
	return (options.maxWait ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
}
