import type { BenchSandbox } from '../lib/benchSandbox';
import type { Row } from '../lib/table';

export interface BenchSettings {
	quick: boolean;
	/** timings per figure; the median is reported */
	repeat: number;
	pages: number;
	concurrentExecutions: number;
	pagesPerExecution: number;
	jobSeconds: number;
	throughputSizes: number[];
	triggerRecords: number;
	/** items of the vendor create in the writes row */
	createItems: number;
	/**
	 * The engine rows' n8n-workflow copies at the same time (quick: a smoke run asserting counts,
	 * whose times are not published) or one after the other (full: the published times).
	 */
	copiesAtOnce: boolean;
	/** The Return All row's naive client (no n8n-workflow involved): run with the dev dependency's copy only. */
	naiveBaseline?: boolean;
	/** the workers row: one arm per count of processes sharing the key */
	workerProcessCounts: number[];
	workerSeconds: number;
	pagesPerWorkerExecution: number;
	/** the large-account row's portfolio (sandbox --units) */
	largeUnits: number;
	/** items of the bulk execution a 1-request execution starts behind (fair turns row) */
	fairTurnsBulkItems: number;
	/** the change-events row's event types (`--change-events=`); every such type when not given */
	changeEvents?: string[];
}

export interface RowResult {
	rows: Row[];
	/** name=value pairs for the last line */
	summary?: Record<string, string | number>;
}

let nextKey = 0;
/** A key no earlier measurement used: its rate-limit window and the engine's per-key state are clean. */
export function freshKey(sandbox: BenchSandbox): string {
	const key = sandbox.keys[nextKey % (sandbox.keys.length - 1)];
	nextKey += 1;
	return key;
}

export function credentialsFor(sandbox: BenchSandbox, apiKey: string) {
	return { apiKey, baseUrl: sandbox.url };
}
