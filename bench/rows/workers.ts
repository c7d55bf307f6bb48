import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { startChild } from '../lib/children';
import { LIST_PATH, LIST_QS, walkList } from '../lib/dataset';
import { fixed, medianRun } from '../lib/stats';
import { freshKey, type BenchSettings, type RowResult } from './context';
import { RATE_LIMITED_PAGE_SIZE } from './returnAll';

interface WorkerResult {
	completed: number;
	failed: number;
	overrunMs: number;
}

interface Arm {
	completed: number;
	failed: number;
	rejected429: number;
	perSecond: number;
}

/**
 * Queue mode's shape: separate processes, each with its own engine (and so its own limiter), all
 * executing with one key for a fixed time. Each execution reads one page.
 */
export async function workersRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		await walkList(sandbox);
		const request = { method: 'GET' as const, path: LIST_PATH, qs: LIST_QS, limit: RATE_LIMITED_PAGE_SIZE };
		const arm = (processes: number) => async (): Promise<Arm> => {
			const key = freshKey(sandbox);
			const args = { baseUrl: sandbox.url, apiKey: key, request, seconds: settings.workerSeconds };
			const children = Array.from({ length: processes }, () => startChild<WorkerResult>('worker', args));
			await Promise.all(children.map((child) => child.ready));
			await sandbox.control.clearLog();
			children.forEach((child) => child.go());
			const results = await Promise.all(children.map((child) => child.result));
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			const completed = results.reduce((sum, result) => sum + result.completed, 0);
			const failed = results.reduce((sum, result) => sum + result.failed, 0);
			// counts, never times: every arm gets executions through; one process alone, with its limiter, loses none
			if (completed === 0) throw new Error(`${processes} process(es): no execution completed`);
			if (processes === 1 && failed) throw new Error(`1 process: ${failed} execution(s) failed`);
			// executions under way at the deadline finish and count, so divide by the time they took
			const elapsedS = settings.workerSeconds + Math.max(...results.map((result) => result.overrunMs)) / 1000;
			return { completed, failed, rejected429: counts.rejected429, perSecond: completed / elapsedS };
		};
		const many = await medianRun(settings.repeat, arm(settings.workerProcesses), (result) => result.perSecond);
		const one = await medianRun(settings.repeat, arm(1), (result) => result.perSecond);
		const describe = (result: Arm) =>
			`${fixed(result.perSecond)} executions/s, ${result.completed} completed, ${result.failed} failed, ${result.rejected429} × 429`;
		return {
			rows: [
				{
					measured: `${settings.workerProcesses} worker processes on one key for ${settings.workerSeconds} s (queue-mode shape; each execution one page): ${describe(many.median)}`,
					baseline: `1 process: ${describe(one.median)}`,
					figure: `throughput ${fixed(many.median.perSecond / one.median.perSecond)}× one process; ${many.median.rejected429} vs ${one.median.rejected429} × 429; ${many.median.completed} vs ${one.median.completed} executions completed`,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
