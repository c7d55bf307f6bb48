import type { INodeType } from 'n8n-workflow';
import {
	apiRequestWithDetails,
	type ApiRequest,
	type EngineDeps,
	type EngineOptions,
} from '../../nodes/PropertyManagement/shared/transport';
import { runNode, type TestCredentials } from '../../test/helpers/n8n';

export interface EngineCallResult {
	items: number;
	ids: string[];
	status: string;
	pending: boolean;
	requests: number;
	/** around apiRequest only: WorkflowExecute's own start-up is not the engine's time */
	wallMs: number;
	startedAt: number;
	endedAt: number;
}

/**
 * One execution whose node calls the engine, run through n8n-core's WorkflowExecute: the context
 * (credentials, httpRequestWithAuthentication) is n8n's own, the smallest real one there is.
 */
export async function engineExecution(
	credentials: TestCredentials,
	request: ApiRequest,
	options: EngineOptions = {},
	deps?: Partial<EngineDeps>,
): Promise<EngineCallResult> {
	let outcome: EngineCallResult | undefined;
	const nodeType: INodeType = {
		description: {
			displayName: 'Bench Engine Call',
			name: 'bench.engineCall',
			group: ['transform'],
			version: 1,
			description: 'Calls the request engine once',
			defaults: { name: 'Bench Engine Call' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'propertyManagementApi', required: true }],
			properties: [],
		},
		async execute() {
			const startedAt = Date.now();
			const started = performance.now();
			const result = await apiRequestWithDetails(this, request, options, deps);
			outcome = {
				items: result.items.length,
				ids: result.items.map((item) => String(item.upstreamId ?? item.guestCardId ?? item.id ?? '')),
				status: result.meta.status,
				pending: result.pending,
				requests: result.requests,
				wallMs: performance.now() - started,
				startedAt,
				endedAt: Date.now(),
			};
			return [[{ json: { items: result.items.length }, pairedItem: { item: 0 } }]];
		},
	};
	const run = await runNode({ nodeType, parameters: {}, credentials });
	if (run.error) throw run.error;
	if (!outcome) throw new Error('the engine call did not run');
	return outcome;
}
