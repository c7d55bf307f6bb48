/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
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
	/** the credential's Shared by Several n8n Processes: the clock grid instead of each process's own pacing */
	shared: boolean;
	completed: number;
	failed: number;
	failures: string[];
	accepted: number;
	requests: number;
	rejected429: number;
	acceptedPerSecond: number;
	/** until the deadline, while every process still starts executions (after it, the last ones finish) */
	busyAcceptedPerSecond: number;
	/** 429s as a share of requests from the first minute to the deadline: once the processes found their turns */
	settled429Share?: number;
	shareRatio: number;
}

/** The first minute, in which processes starting together find their turns. */
const SETTLING_MS = 60_000;

/**
 * Queue mode's shape (issue 25): N separate processes, each with its own engine and so its own
 * limiter, all busy on one key for a fixed time, each execution a Return All over several pages.
 * Counts come from the sandbox's log (what the service saw); shares from each process's own tally.
 * Each N runs twice, side by side: Shared by Several n8n Processes off (each process paces itself)
 * and on (the clock grid, slotGrid.ts).
 */
export async function workersRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		const { pages } = await listOfPages(sandbox, settings.pagesPerWorkerExecution, RATE_LIMITED_PAGE_SIZE);
		const request = { method: 'GET' as const, path: LIST_PATH, qs: LIST_QS, returnAll: true };
		const arm = async (processes: number, shared: boolean): Promise<Arm> => {
			const key = freshKey(sandbox);
			const children = Array.from({ length: processes }, () =>
				startChild<WorkerResult>('worker', {
					baseUrl: sandbox.url,
					apiKey: key,
					sharedByProcesses: shared,
					request,
					pagesPerExecution: pages,
					seconds: settings.workerSeconds,
				}),
			);
			await Promise.all(children.map((child) => child.ready));
			await sandbox.control.clearLog();
			const goAt = Date.now();
			children.forEach((child) => child.go());
			const results = await Promise.all(children.map((child) => child.result));
			const log = await sandbox.control.log();
			const counts = countLog(log, [sandbox.labelOf(key)]);
			const deadline = goAt + settings.workerSeconds * 1000;
			const busy = countLog(log.filter((entry) => entry.time < deadline), [sandbox.labelOf(key)]);
			const settled = countLog(log.filter((entry) => entry.time >= goAt + SETTLING_MS && entry.time < deadline), [sandbox.labelOf(key)]);
			const completed = results.reduce((sum, result) => sum + result.completed, 0);
			const failed = results.reduce((sum, result) => sum + result.failed, 0);
			const shares = results.map((result) => result.accepted);
			// every execution under way at the deadline finishes and counts, so divide by the time they took
			const elapsedS = settings.workerSeconds + Math.max(...results.map((result) => result.overrunMs)) / 1000;
			return {
				processes,
				shared,
				completed,
				failed,
				failures: [...new Set(results.flatMap((result) => result.failures))],
				accepted: counts.accepted,
				requests: counts.requests,
				rejected429: counts.rejected429,
				acceptedPerSecond: counts.accepted / elapsedS,
				busyAcceptedPerSecond: busy.accepted / settings.workerSeconds,
				settled429Share: settled.requests > 0 ? settled.rejected429 / settled.requests : undefined,
				shareRatio: Math.max(...shares) / Math.max(1, Math.min(...shares)),
			};
		};
		const arms: Arm[] = [];
		for (const processes of settings.workerProcessCounts) {
			for (const shared of [false, true]) {
				const result = await arm(processes, shared);
				console.error(`bench: workers N=${processes}${shared ? ' shared' : ''}: ${JSON.stringify(result)}`);
				// counts, never times: executions complete; one process alone meets no 429
				if (result.completed === 0) throw new Error(`${armName(result)}: no execution completed`);
				if (processes === 1 && (result.failed || result.rejected429)) {
					throw new Error(`${armName(result)}: ${result.failed} execution(s) failed, ${result.rejected429} × 429`);
				}
				arms.push(result);
			}
		}
		const share429 = (result: Arm) => result.rejected429 / Math.max(1, result.requests);
		const rows: Row[] = arms.map((result) => ({
			measured: `${armName(result)}, ${settings.workerSeconds} s, executions of ${pages} pages: ${result.completed} completed, ${result.failed} failed${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
			baseline: 'the key: 1 accepted request/s',
			figure:
				`${fixed(result.acceptedPerSecond)} accepted req/s (${fixed(result.busyAcceptedPerSecond)} while all busy); ` +
				`429s ${(100 * share429(result)).toFixed(1)} % of ${result.requests}` +
				(result.settled429Share === undefined ? '' : ` (${(100 * result.settled429Share).toFixed(1)} % after the first minute)`) +
				`; share ratio ${fixed(result.shareRatio)}`,
		}));
		const summary: Record<string, string | number> = {};
		for (const result of arms) {
			const name = `workers${result.processes}${result.shared ? '_shared' : ''}`;
			summary[`${name}_per_s`] = fixed(result.acceptedPerSecond);
			summary[`${name}_busy_per_s`] = fixed(result.busyAcceptedPerSecond);
			if (result.settled429Share !== undefined) summary[`${name}_settled_429_share`] = fixed(result.settled429Share);
			summary[`${name}_429_share`] = fixed(share429(result));
			summary[`${name}_failed`] = result.failed;
			summary[`${name}_share_ratio`] = fixed(result.shareRatio);
		}
		return { rows, summary };
	} finally {
		await sandbox.close();
	}
}

function armName(result: Arm): string {
	return `${result.processes} process(es) on one key, Shared by Several n8n Processes ${result.shared ? 'on' : 'off'}`;
}
