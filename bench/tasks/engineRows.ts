/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { BenchSettings, RowResult } from '../rows/context';
import { ENGINE_ROWS } from '../rows/engineRows';
import { checkLoadedCopy, WORKFLOW_COPIES, type LoadedCopy } from '../lib/workflowCopies';

export interface EngineRowsArgs {
	copy: string;
	rows: string[];
	settings: BenchSettings;
}

export interface EngineRowsResult {
	copy: LoadedCopy;
	results: Record<string, RowResult>;
}

/**
 * The engine rows in a child started with lib/n8nWorkflowCopy.cjs: the package's code runs on the
 * chosen n8n-workflow copy, checked before anything is measured (the rows' modules are loaded by now).
 */
export async function engineRows(args: EngineRowsArgs): Promise<EngineRowsResult> {
	const copy = WORKFLOW_COPIES.find((candidate) => candidate.key === args.copy);
	if (!copy) throw new Error(`unknown n8n-workflow copy ${args.copy}`);
	const loaded = checkLoadedCopy(copy);
	const results: Record<string, RowResult> = {};
	for (const name of args.rows) {
		const row = ENGINE_ROWS[name];
		if (!row) throw new Error(`${name} is not an engine row`);
		const started = performance.now();
		results[name] = await row(args.settings);
		console.error(`bench: ${name} on n8n-workflow ${loaded.version} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
	}
	return { copy: loaded, results };
}
