import type { BenchSettings } from './rows/context';

/** Full run: each row's median of 3, about 12 minutes on 2 cores. */
export const FULL: BenchSettings = {
	quick: false,
	repeat: 3,
	pages: 30,
	concurrentExecutions: 5,
	pagesPerExecution: 6,
	jobSeconds: 3,
	throughputSizes: [10_000, 100_000],
	triggerRecords: 10_000,
	createItems: 20,
	copiesAtOnce: false,
	workerProcessCounts: [1, 2, 4, 8],
	workerSeconds: 120,
	pagesPerWorkerExecution: 6,
	largeUnits: 10_000,
	fairTurnsBulkItems: 25,
};

/** `--quick`: every row once, small sizes; a smoke run of the whole bench in about two minutes. */
export const QUICK: BenchSettings = {
	quick: true,
	repeat: 1,
	pages: 5,
	concurrentExecutions: 5,
	pagesPerExecution: 1,
	jobSeconds: 1,
	throughputSizes: [2_000],
	triggerRecords: 1_000,
	createItems: 5,
	copiesAtOnce: true,
	workerProcessCounts: [1, 4],
	workerSeconds: 8,
	pagesPerWorkerExecution: 3,
	largeUnits: 400,
	fairTurnsBulkItems: 5,
};
