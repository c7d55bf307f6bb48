import type { INodeParameters } from 'n8n-workflow';
import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { runChild } from '../lib/children';
import { walkList } from '../lib/dataset';
import { fixed } from '../lib/stats';
import type { Row } from '../lib/table';
import { freshKey, type BenchSettings, type RowResult } from './context';

/** The sandbox's own page size, which the service's spec leaves open ("not shown"). */
const SERVICE_PAGE_SIZE = 50;

interface ChildRun {
	items: number;
	wallMs: number;
	peakHeapDeltaMb: number;
	peakRssDeltaMb: number;
}

const READS: Array<{ label: string; path: string; parameters: INodeParameters }> = [
	{ label: 'Tenant → Get Many', path: '/v1/tenants', parameters: { resource: 'tenant', operation: 'getAll', returnAll: true } },
	{ label: 'Unit → Get Many', path: '/v1/units', parameters: { resource: 'unit', operation: 'getAll', returnAll: true } },
	{ label: 'Report → Get Rent Roll', path: '/v1/rent-roll', parameters: { resource: 'report', operation: 'getRentRoll', returnAll: true } },
];

/**
 * Issue 26: a large account. Return All of tenants, units and the rent roll at `largeUnits` units
 * (sandbox --units), through the node in a child process, against the sandbox's 1 request/second:
 * pages, wall time against the floor (pages − 1 seconds), and the node's peak memory.
 */
export async function largeAccountRow(settings: BenchSettings): Promise<RowResult> {
	const seedStarted = performance.now();
	const sandbox = await startBenchSandbox({ pageSize: SERVICE_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true, units: settings.largeUnits });
	const seedMs = performance.now() - seedStarted;
	try {
		const rows: Row[] = [];
		const summary: Record<string, string | number> = { large_units: settings.largeUnits, large_seed_s: fixed(seedMs / 1000) };
		for (const read of READS) {
			const { pages } = await walkList(sandbox, read.path);
			const key = freshKey(sandbox);
			await sandbox.control.clearLog();
			const run = await runChild<ChildRun>('node', { baseUrl: sandbox.url, apiKey: key, parameters: read.parameters });
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			// counts, never times: each page read once, no 429 from a lone reader
			if (counts.accepted !== pages) throw new Error(`${read.label}: ${counts.accepted} accepted requests for ${pages} pages`);
			if (counts.rejected429) throw new Error(`${read.label}: ${counts.rejected429} × 429`);
			const floorMs = (pages - 1) * 1000;
			rows.push({
				measured: `${read.label}, Return All at ${settings.largeUnits.toLocaleString('en-US')} units: ${run.items.toLocaleString('en-US')} items on ${pages} pages of ${SERVICE_PAGE_SIZE}, ${fixed(run.wallMs / 1000)} s, peak heap +${fixed(run.peakHeapDeltaMb, 0)} MB, peak RSS +${fixed(run.peakRssDeltaMb, 0)} MB`,
				baseline: `floor (pages − 1) = ${pages - 1} s at 1 req/s`,
				figure: `${fixed(run.wallMs / floorMs)}× floor, ${counts.rejected429} × 429`,
			});
			const name = read.path.slice('/v1/'.length).replace('-', '');
			summary[`large_${name}_pages`] = pages;
			summary[`large_${name}_over_floor`] = fixed(run.wallMs / floorMs);
			summary[`large_${name}_heap_mb`] = fixed(run.peakHeapDeltaMb, 0);
		}
		rows.unshift({
			measured: `sandbox --units ${settings.largeUnits} seeded and listening (in the bench process)`,
			baseline: '-',
			figure: `${fixed(seedMs / 1000)} s`,
		});
		return { rows, summary };
	} finally {
		await sandbox.close();
	}
}
