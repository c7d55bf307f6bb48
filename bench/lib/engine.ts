import type { ApiRequest, EngineDeps, EngineOptions } from '../../nodes/shared/transport';
import type { TestCredentials } from '../../test/support/n8n';
import { engineCall } from '../../test/support/engineCall';

export interface EngineCallResult {
	items: number;
	status: string;
	pending: boolean;
	requests: number;
	/** around apiRequest only */
	wallMs: number;
	startedAt: number;
	endedAt: number;
}

/** One n8n execution making one engine call (the fault suite's helper); a failure throws. */
export async function engineExecution(
	credentials: TestCredentials,
	request: ApiRequest,
	options: EngineOptions = {},
	deps?: Partial<EngineDeps>,
): Promise<EngineCallResult> {
	const outcome = await engineCall(credentials, request, options, deps);
	if (outcome.error) throw outcome.error;
	return {
		items: outcome.items.length,
		status: outcome.status ?? 'unknown',
		pending: outcome.pending ?? false,
		requests: outcome.requests ?? 0,
		wallMs: outcome.wallMs,
		startedAt: outcome.startedAt,
		endedAt: outcome.startedAt + outcome.wallMs,
	};
}
