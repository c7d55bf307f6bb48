import type { EngineOptions, Freshness } from '../types';

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

/** Data Caching: "The minimum allowed is 60 (1 minute)"; a smaller value would not mean what it says. */
export const MIN_MAX_AGE_SECONDS = 60;

/**
 * Options → Max Age as whole seconds: undefined when left empty (the caller's default), or the
 * refusal's message and description when below the service's minimum or not a number. The node and
 * the trigger both check it here, and say where the value came from (`where`: "item 2 has", "it is").
 */
export function maxAgeSeconds(raw: unknown, where: string): { seconds?: number; refusal?: { message: string; description: string } } {
	if (raw === undefined || raw === null || raw === '') return {};
	const value = Number(raw);
	if (Number.isFinite(value) && value >= MIN_MAX_AGE_SECONDS) return { seconds: Math.floor(value) };
	return {
		refusal: {
			message: `Options → Max Age (Seconds) must be at least ${MIN_MAX_AGE_SECONDS}; ${where} ${String(raw)}`,
			description: `Nothing was sent. The service's minimum max-age is ${MIN_MAX_AGE_SECONDS} seconds (smaller values count as ${MIN_MAX_AGE_SECONDS}), and it may apply the value up to 5 minutes either way.`,
		},
	};
}
