import type { INodeParameters } from 'n8n-workflow';
import path from 'node:path';
import { runNode } from '../../test/helpers/n8n';
import { measureMemory } from '../lib/memory';

/**
 * By file name: under tsx a bare `PropertyManagement.node` resolves to the codex file
 * PropertyManagement.node.json, not to the node's source.
 */
function loadNode(): typeof import('../../nodes/PropertyManagement/PropertyManagement.node') {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(path.join(__dirname, '..', '..', 'nodes', 'PropertyManagement', 'PropertyManagement.node.ts'));
}

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
