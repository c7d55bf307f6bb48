import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../test/support/n8n';
import { measureMemory } from '../lib/memory';
import { loadNode } from '../lib/nodes';

export interface NodeArgs {
	baseUrl: string;
	apiKey: string;
	parameters: INodeParameters;
}

/** The node as a workflow runs it: n8n-core's WorkflowExecute → RoutingNode → the engine. */
export async function nodeList(args: NodeArgs) {
	const nodeType = new (loadNode().PropertyManagement)();
	const measured = await measureMemory(async () => {
		const run = await runNode({ nodeType, parameters: args.parameters, credentials: { apiKey: args.apiKey, baseUrl: args.baseUrl } });
		if (run.error) throw run.error;
		return run.items.length;
	});
	return { items: measured.result, wallMs: measured.wallMs, peakHeapDeltaMb: measured.peakHeapDeltaMb, peakRssDeltaMb: measured.peakRssDeltaMb };
}
