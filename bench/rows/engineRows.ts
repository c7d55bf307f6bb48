import type { BenchSettings, RowResult } from './context';
import { concurrentRow } from './concurrent';
import { freshnessRow } from './freshness';
import { returnAllRow } from './returnAll';

/**
 * The rows that measure the engine (nodes/shared/transport/): run once per
 * n8n-workflow copy (lib/workflowCopies.ts), each copy in its own child process (tasks/engineRows.ts).
 */
export const ENGINE_ROWS: Record<string, (settings: BenchSettings) => Promise<RowResult>> = {
	returnAll: returnAllRow,
	concurrent: concurrentRow,
	freshness: freshnessRow,
};
