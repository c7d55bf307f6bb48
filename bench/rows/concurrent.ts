import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { LIST_PATH, LIST_QS, listOfPages } from '../lib/dataset';
import { engineExecution } from '../lib/engine';
import { fixed, medianRun } from '../lib/stats';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';
import { RATE_LIMITED_PAGE_SIZE } from './returnAll';

interface Timing {
	wallMs: number;
	rejected429: number;
	requests: number;
	failed: number;
}

/**
 * N executions reading the same list at once with one key, as parallel workflow runs do. Baseline:
 * the same engine with its per-key limiter disabled (deps.spacingMs = 0, the engine's own knob),
 * so only the 429 handling paces it.
 */
export async function concurrentRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		const { pages, items: total } = await listOfPages(sandbox, settings.pagesPerExecution, RATE_LIMITED_PAGE_SIZE);
		const executions = settings.concurrentExecutions;
		const floorMs = (executions * pages - 1) * 1000;
		const measure = async (spacingMs?: number): Promise<Timing> => {
			const key = freshKey(sandbox);
			await sandbox.control.clearLog();
			const started = performance.now();
			const outcomes = await Promise.allSettled(
				Array.from({ length: executions }, () =>
					engineExecution(
						credentialsFor(sandbox, key),
						{ method: 'GET', path: LIST_PATH, qs: LIST_QS, returnAll: true },
						{},
						spacingMs === undefined ? undefined : { spacingMs },
					),
				),
			);
			const wallMs = performance.now() - started;
			for (const outcome of outcomes) {
				if (outcome.status === 'fulfilled' && outcome.value.items !== total) throw new Error(`read ${outcome.value.items} items, the list has ${total}`);
			}
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
			// counts, never times: with its limiter the engine completes every execution, each page read once, no burst of 429s
			if (spacingMs === undefined) {
				const reads = executions * pages;
				if (failed) throw new Error(`${failed} of ${executions} executions failed: ${String((outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason)}`);
				if (counts.accepted !== reads) throw new Error(`${reads} page reads took ${counts.accepted} accepted requests`);
				if (counts.rejected429 > reads) throw new Error(`the engine met ${counts.rejected429} × 429 over ${reads} page reads`);
			}
			return { wallMs, rejected429: counts.rejected429, requests: counts.requests, failed };
		};
		const engine = await medianRun(settings.repeat, () => measure(), (timing) => timing.wallMs);
		const unpaced = await medianRun(settings.repeat, () => measure(0), (timing) => timing.wallMs);
		const ratio = (timing: Timing) => timing.wallMs / floorMs;
		const failures = (timing: Timing) => (timing.failed ? `, ${timing.failed} execution(s) failed` : '');
		return {
			rows: [
				{
					measured: `${executions} concurrent executions on one key, ${pages} page(s) each, engine: ${fixed(engine.median.wallMs / 1000)} s, ${engine.median.requests} requests${failures(engine.median)}`,
					baseline: `floor ${executions * pages - 1} s (${executions * pages} requests at 1 req/s); engine limiter disabled: ${fixed(unpaced.median.wallMs / 1000)} s, ${unpaced.median.requests} requests${failures(unpaced.median)}`,
					figure: `engine ${fixed(ratio(engine.median))}× floor, ${engine.median.rejected429} × 429; limiter off ${fixed(ratio(unpaced.median))}× floor, ${unpaced.median.rejected429} × 429`,
				},
			],
			summary: { concurrent_wall_over_floor: fixed(ratio(engine.median)), concurrent_429: engine.median.rejected429 },
		};
	} finally {
		await sandbox.close();
	}
}
