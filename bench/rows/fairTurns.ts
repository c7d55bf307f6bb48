/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { setTimeout as sleep } from 'node:timers/promises';
import { engineTestNode } from '../../test/support/engineTestNode';
import { runNode } from '../../test/support/n8n';
import { REQUEST_SPACING_MS } from '../../nodes/shared/transport/sending/clock';
import { countLog, startBenchSandbox, warm } from '../lib/benchSandbox';
import { fixed, medianRun } from '../lib/stats';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

const PATH = '/v1/properties';
const LATE_START_MS = 500;

interface Sample {
	/** the 1-request execution, start to end */
	oneMs: number;
	bulkMs: number;
	requests: number;
	rejected429: number;
}

/**
 * A 1-request execution started 0.5 s after a bulk execution (one request per item) on the same key,
 * as a person running a test step while a batch runs. Baseline, in the same run: the same
 * 1-request execution alone on an idle key.
 */
export async function fairTurnsRow(settings: BenchSettings): Promise<RowResult> {
	const bulkItems = settings.fairTurnsBulkItems;
	const sandbox = await startBenchSandbox({ pageSize: 50, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		await warm(sandbox, PATH);
		const execution = (key: string, items: number) =>
			runNode({
				nodeType: engineTestNode,
				parameters: { path: PATH, limit: 1 },
				credentials: credentialsFor(sandbox, key),
				items: Array.from({ length: items }, (_, index) => ({ json: { index } })),
			});
		const timed = async (run: ReturnType<typeof execution>) => {
			const started = performance.now();
			const result = await run;
			if (result.error || result.items.length === 0) throw new Error(`execution failed: ${result.error?.message ?? 'no items'}`);
			return performance.now() - started;
		};
		const measure = async (withBulk: boolean): Promise<Sample> => {
			const key = freshKey(sandbox);
			await sandbox.control.clearLog();
			const started = performance.now();
			const bulk = withBulk ? timed(execution(key, bulkItems)) : Promise.resolve(0);
			if (withBulk) await sleep(LATE_START_MS);
			const oneMs = await timed(execution(key, 1));
			await bulk;
			const bulkMs = performance.now() - started;
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			// counts, never times: one request per item, none of them twice
			const wanted = withBulk ? bulkItems + 1 : 1;
			if (counts.accepted !== wanted) throw new Error(`${wanted} reads took ${counts.accepted} accepted requests`);
			return { oneMs, bulkMs, requests: counts.requests, rejected429: counts.rejected429 };
		};
		const behind = (await medianRun(settings.repeat, () => measure(true), (sample) => sample.oneMs)).median;
		const alone = (await medianRun(settings.repeat, () => measure(false), (sample) => sample.oneMs)).median;
		const seconds = (ms: number) => fixed(ms / 1000);
		const waitMs = behind.oneMs - alone.oneMs;
		return {
			rows: [
				{
					measured: `1-request execution started ${LATE_START_MS / 1000} s after a ${bulkItems}-item execution on the same key: ${seconds(behind.oneMs)} s (the ${bulkItems}-item one: ${seconds(behind.bulkMs)} s, ${behind.requests} requests, ${behind.rejected429} × 429)`,
					baseline: `the same 1-request execution alone on an idle key: ${seconds(alone.oneMs)} s; first come first served (before issue 24) queued it behind every item: about ${bulkItems - 1} s more (derived at 1 req/s)`,
					figure: `${seconds(waitMs)} s of waiting, ${fixed(waitMs / REQUEST_SPACING_MS)} turns of the key; ${fixed(behind.oneMs / behind.bulkMs)}× the ${bulkItems}-item execution's time (first come first served: about ${fixed((bulkItems - 0.5) / bulkItems)}×, derived)`,
				},
			],
			summary: { fairTurns_wait_s: seconds(waitMs), fairTurns_turns: fixed(waitMs / REQUEST_SPACING_MS) },
		};
	} finally {
		await sandbox.close();
	}
}
