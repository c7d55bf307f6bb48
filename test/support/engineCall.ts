import type { IDataObject, INodeType } from 'n8n-workflow';
import {
	apiRequestWithDetails,
	createRecord,
	type ApiRequest,
	type CreateRequest,
	type EngineDeps,
	type EngineOptions,
} from '../../nodes/shared/transport';
import { runNode, type RunNodeOutput, type TestCredentials } from './n8n';

export interface EngineCallOutcome {
	items: IDataObject[];
	status?: string;
	pending?: boolean;
	requests?: number;
	/** around apiRequest only: WorkflowExecute's own start-up is not the engine's time */
	wallMs: number;
	startedAt: number;
	/** the node error n8n recorded, when the call failed */
	error?: RunNodeOutput['error'];
}

/**
 * One workflow execution whose node makes one engine call, run by n8n-core's WorkflowExecute: the
 * context (credentials, httpRequestWithAuthentication, error wrapping) is n8n's own, the smallest
 * real one there is. Used by the fault tests and by the bench.
 */
export async function engineCall(
	credentials: TestCredentials,
	request: ApiRequest | (CreateRequest & { method: 'POST' }),
	options: EngineOptions = {},
	deps?: Partial<EngineDeps>,
): Promise<EngineCallOutcome> {
	let outcome: EngineCallOutcome = { items: [], wallMs: 0, startedAt: Date.now() };
	const nodeType: INodeType = {
		description: {
			displayName: 'Engine Call',
			name: 'test.engineCall',
			group: ['transform'],
			version: 1,
			description: 'Calls the request engine once',
			defaults: { name: 'Engine Call' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'propertyManagementApi', required: true }],
			properties: [],
		},
		async execute() {
			const startedAt = Date.now();
			const started = performance.now();
			outcome = { items: [], wallMs: 0, startedAt };
			// a create goes to the writer, a read to the reader, as the node's routing hook sends them
			const result =
				request.method === 'POST' ? await createRecord(this, request, options, deps) : await apiRequestWithDetails(this, request, options, deps);
			outcome = { ...outcome, items: result.items, status: result.meta.status, pending: result.pending, requests: result.requests, wallMs: performance.now() - started };
			return [[{ json: { items: result.items.length }, pairedItem: { item: 0 } }]];
		},
	};
	const run = await runNode({ nodeType, parameters: {}, credentials });
	return run.error ? { ...outcome, error: run.error } : outcome;
}

/** Ids of a list's items, in order: `upstreamId`, or `guestCardId` for guest cards. */
export function idsOf(items: IDataObject[]): string[] {
	return items.map((item) => String(item.upstreamId ?? item.guestCardId ?? item.id));
}
