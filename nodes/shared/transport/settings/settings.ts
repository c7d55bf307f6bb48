import type { EngineOptions, Freshness } from '../types';
import { ruledNumber, type NumberRefusal } from './numberRules';

export { MIN_MAX_AGE_SECONDS } from './numberRules';

/**
 * The defaults of the Options the engine reads, in one place: the engine applies them here, and the
 * node's Options collection shows them as its defaults (shared/descriptions/engineOptions.ts).
 */
export const DEFAULT_FRESHNESS: Freshness = 'wait';
export const DEFAULT_MAX_WAIT_SECONDS = 300;

export function freshnessOf(options: EngineOptions): Freshness {
	return options.freshness ?? DEFAULT_FRESHNESS;
}

/**
 * Max Wait in milliseconds. The node and the trigger refuse a value outside its rule before they call the
 * engine (numberRules.ts); a value that got past them anyway must not become an endless wait.
 */
export function maxWaitMsOf(options: EngineOptions): number {
	const { value, refusal } = ruledNumber('maxWait', options.maxWait, 'it is');
	if (refusal) throw new Error(refusal.message);
	return (value ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
}

/**
 * Options → Max Age as whole seconds: undefined when left empty (the caller's default), or the
 * refusal's message and description when below the service's minimum or not a number. The node and
 * the trigger both check it here, and say where the value came from (`where`: "item 2 has", "it is").
 */
export function maxAgeSeconds(raw: unknown, where: string): { seconds?: number; refusal?: NumberRefusal } {
	const { value, refusal } = ruledNumber('maxAge', raw, where);
	return refusal ? { refusal } : { seconds: value === undefined ? undefined : Math.floor(value) };
}
