import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { startChild } from '../lib/children';
import { LIST_PATH, LIST_QS, listOfPages } from '../lib/dataset';
import { fixed } from '../lib/stats';
import type { Row } from '../lib/table';
import type { WorkerResult } from '../tasks/worker';
import { freshKey, type BenchSettings, type RowResult } from './context';
import { RATE_LIMITED_PAGE_SIZE } from './returnAll';

interface Arm {
	processes: number;
	completed: number;
	failed: number;
	failures: string[];
	accepted: number;
	requests: number;
	rejected429: number;
	acceptedPerSecond: number;
	shareRatio: number;
}

/**
 * Queue mode's shape (issue 25): N separate processes, each with its own engine and so its own
 * limiter, all busy on one key for a fixed time, each execution a Return All over several pages.
 * Counts come from the sandbox's log (what the service saw); shares from each process's own tally.
 */
export async function workersRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		const { pages } = await listOfPages(sandbox, settings.pagesPerWorkerExecution, RATE_LIMITED_PAGE_SIZE);
		const request = { method: 'GET' as const, path: LIST_PATH, qs: LIST_QS, returnAll: true };
		const arm = async (processes: number): Promise<Arm> => {
			const key = freshKey(sandbox);
			const children = Array.from({ length: processes }, () =>
				startChild<WorkerResult>('worker', { baseUrl: sandbox.url, apiKey: key, request, pagesPerExecution: pages, seconds: settings.workerSeconds }),
			);
			await Promise.all(children.map((child) => child.ready));
			await sandbox.control.clearLog();
			children.forEach((child) => child.go());
			const results = await Promise.all(children.map((child) => child.result));
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			const completed = results.reduce((sum, result) => sum + result.completed, 0);
			const failed = results.reduce((sum, result) => sum + result.failed, 0);
			const shares = results.map((result) => result.accepted);
			// every execution under way at the deadline finishes and counts, so divide by the time they took
			const elapsedS = settings.workerSeconds + Math.max(...results.map((result) => result.overrunMs)) / 1000;
			return {
				processes,
				completed,
				failed,
				failures: [...new Set(results.flatMap((result) => result.failures))],
				accepted: counts.accepted,
				requests: counts.requests,
				rejected429: counts.rejected429,
				acceptedPerSecond: counts.accepted / elapsedS,
				shareRatio: Math.max(...shares) / Math.max(1, Math.min(...shares)),
			};
		};
		const arms: Arm[] = [];
		for (const processes of settings.workerProcessCounts) {
			const result = await arm(processes);
			console.error(`bench: workers N=${processes}: ${JSON.stringify(result)}`);
			// counts, never times: executions complete; one process alone meets no 429
			if (result.completed === 0) throw new Error(`${processes} process(es): no execution completed`);
			if (processes === 1 && (result.failed || result.rejected429)) {
				throw new Error(`1 process: ${result.failed} execution(s) failed, ${result.rejected429} × 429`);
			}
			arms.push(result);
		}
		const share429 = (result: Arm) => result.rejected429 / Math.max(1, result.requests);
		const rows: Row[] = arms.map((result) => ({
			measured: `${result.processes} process(es) on one key, ${settings.workerSeconds} s, executions of ${pages} pages: ${result.completed} completed, ${result.failed} failed${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
			baseline: 'the key: 1 accepted request/s',
			figure: `${fixed(result.acceptedPerSecond)} accepted req/s; 429s ${(100 * share429(result)).toFixed(1)} % of ${result.requests}; share ratio ${fixed(result.shareRatio)}`,
		}));
		const summary: Record<string, string | number> = {};
		for (const result of arms) {
			summary[`workers${result.processes}_per_s`] = fixed(result.acceptedPerSecond);
			summary[`workers${result.processes}_429_share`] = fixed(share429(result));
			summary[`workers${result.processes}_failed`] = result.failed;
			summary[`workers${result.processes}_share_ratio`] = fixed(result.shareRatio);
		}
		return { rows, summary };
	} finally {
		await sandbox.close();
	}
}
