import { REQUEST_SPACING_MS } from '../../nodes/shared/transport/sending/clock';
import { startBenchSandbox } from '../lib/benchSandbox';
import { runChild } from '../lib/children';
import { LIST_URL, listOfPages } from '../lib/dataset';
import { fixed, medianRun } from '../lib/stats';
import { freshKey, type BenchSettings, type RowResult } from './context';

/** Big pages: with the service's limit off, the engine's own 1 req/s pacing is the only wait left. */
const BIG_PAGE_SIZE = 10_000;

interface ChildRun {
	items: number;
	wallMs: number;
	peakHeapDeltaMb: number;
	peakRssDeltaMb: number;
}

const PARAMETERS = { resource: 'guestCard', operation: 'getAll', dateRange: 'all_time', returnAll: true };

/** N items through the node (n8n-core execution, child process) against the sandbox answering raw HTTP alone. */
export async function throughputRow(settings: BenchSettings): Promise<RowResult> {
	const rows = [];
	for (const size of settings.throughputSizes) {
		const sandbox = await startBenchSandbox({ pageSize: BIG_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: false });
		try {
			const pageSize = Math.min(BIG_PAGE_SIZE, size);
			const { pages } = await listOfPages(sandbox, Math.ceil(size / pageSize), pageSize);
			const run = (task: 'raw' | 'node') => async () => {
				const args = { baseUrl: sandbox.url, apiKey: freshKey(sandbox), path: LIST_URL, parameters: PARAMETERS };
				const result = await runChild<ChildRun>(task, args);
				if (result.items !== size) throw new Error(`${task}: ${result.items} items, wanted ${size}`);
				return result;
			};
			const raw = await medianRun(settings.repeat, run('raw'), (result) => result.wallMs);
			const node = await medianRun(settings.repeat, run('node'), (result) => result.wallMs);
			// the engine paces even a service that does not limit
			const pacingMs = (pages - 1) * REQUEST_SPACING_MS;
			const perItemUs = (ms: number) => (ms * 1000) / size;
			const overheadMs = node.median.wallMs - raw.median.wallMs;
			// the engine's pacing overlaps the node's processing of the page before, so it is a floor, not an addend
			const overFloorMs = node.median.wallMs - Math.max(raw.median.wallMs, pacingMs);
			rows.push({
				measured: `${size.toLocaleString('en-US')} items through the node (${pages} page(s) of ${pageSize.toLocaleString('en-US')}, sandbox rate limit off): ${fixed(node.median.wallMs / 1000)} s, peak heap +${fixed(node.median.peakHeapDeltaMb, 0)} MB, peak RSS +${fixed(node.median.peakRssDeltaMb, 0)} MB`,
				baseline: `the sandbox answering alone (fetch + JSON.parse, child process): ${fixed(raw.median.wallMs / 1000)} s, peak heap +${fixed(raw.median.peakHeapDeltaMb, 0)} MB, peak RSS +${fixed(raw.median.peakRssDeltaMb, 0)} MB`,
				figure: `node overhead ${fixed(perItemUs(overheadMs), 1)} µs/item over raw` +
					(pacingMs ? `, of which the engine's 1 req/s pacing floor ${fixed(pacingMs / 1000, 1)} s; ${fixed(perItemUs(overFloorMs), 1)} µs/item above that floor` : '') +
					`; peak heap ${fixed(node.median.peakHeapDeltaMb / Math.max(1, raw.median.peakHeapDeltaMb), 1)}× raw`,
			});
		} finally {
			await sandbox.close();
		}
	}
	return { rows };
}
