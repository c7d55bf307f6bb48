/**
 * What the template tests share about an example workflow's shape: the MCP server (run by MCP clients,
 * never by hand) and the nodes a run starts from.
 */

export interface TemplateWorkflow {
	nodes: Array<{ name: string; type: string }>;
	connections: Record<string, Record<string, Array<Array<{ node: string }> | null>>>;
}

const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';

export const isMcpServer = (workflow: TemplateWorkflow) => workflow.nodes.some((node) => node.type === MCP_TRIGGER);

/**
 * The nodes a run starts from, in the file's order: the trigger nodes (types ending in Trigger), and any
 * other node nothing leads to that leads on (the IMAP Email trigger, n8n-nodes-base.emailReadImap).
 */
export function runStartsOf<Node extends { name: string; type: string }>(workflow: { nodes: Node[]; connections: TemplateWorkflow['connections'] }): Node[] {
	const led = new Set(Object.values(workflow.connections).flatMap((outputs) => Object.values(outputs).flat(2).map((to) => to?.node)));
	const startsRuns = (node: Node) => !led.has(node.name) && workflow.connections[node.name]?.main !== undefined;
	return workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote' && (/[Tt]rigger$/.test(node.type) || startsRuns(node)));
}
