/**
 * The node as an AI-agent tool (n8n runs it as `…propertyManagementTool`). A tool call must answer
 * within seconds: unless the user added them to Options, Max Wait is 20 s (not 300 s) and a
 * refresh that takes longer returns the cached rows (with their freshness in `_meta` when Include
 * Meta is on) instead of failing. Limit and Simplify have their own tool defaults in the
 * description (`@tool`); Options entries have no per-form defaults, so the engine fills them here.
 */
import type { INode } from 'n8n-workflow';

import type { EngineOptions } from '../types';

export const TOOL_OPTIONS: Required<Pick<EngineOptions, 'maxWait' | 'onWaitTimeout'>> = {
	maxWait: 20,
	onWaitTimeout: 'returnStale',
};

export function isAiTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/** Options holds only the entries the user added, so an absent entry is a default to fill. */
export function toolOptions(node: INode, options: EngineOptions): EngineOptions {
	return isAiTool(node) ? { ...TOOL_OPTIONS, ...options } : options;
}
