import { operationError, type ErrorPlace } from '../errors';
import type { EngineDeps } from '../types';

/** Execute contexts carry n8n's execution cancel signal; poll and load-options contexts do not. */
export function cancelSignalOf(ctx: object): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function' ? withSignal.getExecutionCancelSignal() : undefined;
}

export class ExecutionCancelled extends Error {}

export function cancelledError(
	place: ErrorPlace,
	description = 'The execution was stopped while the node was waiting for data or reading pages.',
) {
	return operationError(
		place,
		// "canceled": the word n8n's WorkflowExecute looks for to record the run as canceled, not failed
		`The execution was canceled: no further requests were sent for ${place.path}`,
		description,
	);
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new ExecutionCancelled();
}

/**
 * Every sleep of one engine call (freshness polls, the spacing before the key's turn, retry back-off)
 * goes through deps.sleep, so binding the signal here makes all of them end when the execution is
 * stopped. The wait in the key's line is no sleep: the limiter takes the signal itself (rateLimiter.ts).
 */
export function cancellableDeps(deps: EngineDeps, signal: AbortSignal | undefined): EngineDeps {
	if (!signal) return deps;
	return {
		...deps,
		sleep: async (ms) => {
			throwIfCancelled(signal);
			// a cancelled wait resolves early and the check below reports it; any rejection is a defect
			// and propagates (a swallowed TypeError once turned every wait into a no-op)
			await deps.sleep(ms, signal);
			throwIfCancelled(signal);
		},
	};
}
