/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBenchSandbox } from '../lib/benchSandbox';
import { LIST_PATH, LIST_QS, walkList } from '../lib/dataset';
import { engineExecution } from '../lib/engine';
import { fixed, medianRun } from '../lib/stats';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';
import { RATE_LIMITED_PAGE_SIZE } from './returnAll';

/** The spec's polling interval: a waiting client cannot look again sooner. */
const POLL_INTERVAL_S = 10;
// limit: one page's worth (without returnAll or limit the engine reads every page)
const FIRST_PAGE = { method: 'GET' as const, path: LIST_PATH, qs: LIST_QS, limit: RATE_LIMITED_PAGE_SIZE };

/** A local stand-in for n8n's resume webhook: resolves with the arrival time of each POST. */
async function notifyListener() {
	const arrivals: Array<(at: number) => void> = [];
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			res.end('{}');
			arrivals.shift()?.(Date.now());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/resume`,
		next: () => new Promise<number>((resolve) => arrivals.push(resolve)),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** From the end of a refresh job to data in hand: wait mode (polls every 10 s) and notify mode. */
export async function freshnessRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	const listener = await notifyListener();
	try {
		await walkList(sandbox);
		const wait = await medianRun(
			settings.repeat,
			async () => {
				await sandbox.control.restart();
				await sandbox.control.clearLog();
				const key = freshKey(sandbox);
				const result = await engineExecution(credentialsFor(sandbox, key), FIRST_PAGE, { freshness: 'wait' });
				if (result.status !== 'ok' || result.items !== RATE_LIMITED_PAGE_SIZE) throw new Error(`wait mode ended ${result.status} with ${result.items} items, wanted ok with ${RATE_LIMITED_PAGE_SIZE}`);
				const first = (await sandbox.control.log()).find((entry) => entry.key === sandbox.labelOf(key));
				const sinceFirstS = (result.endedAt - first!.time) / 1000;
				return { overFloorS: sinceFirstS - POLL_INTERVAL_S, afterJobS: sinceFirstS - settings.jobSeconds };
			},
			(sample) => sample.overFloorS,
		);
		const notify = await medianRun(
			settings.repeat,
			async () => {
				await sandbox.control.restart();
				const key = freshKey(sandbox);
				const credentials = credentialsFor(sandbox, key);
				const notified = listener.next();
				const pending = await engineExecution(credentials, FIRST_PAGE, { freshness: 'notify', notifyUrl: listener.url });
				if (!pending.pending) throw new Error('notify mode answered with data before any job ran');
				const jobEndedAt = await notified;
				const result = await engineExecution(credentials, FIRST_PAGE, { freshness: 'cached' });
				if (result.status !== 'ok' || result.items !== RATE_LIMITED_PAGE_SIZE) throw new Error(`the read after the notification was ${result.status} with ${result.items} items, wanted ok with ${RATE_LIMITED_PAGE_SIZE}`);
				return { afterJobS: (result.endedAt - jobEndedAt) / 1000 };
			},
			(sample) => sample.afterJobS,
		);
		return {
			rows: [
				{
					measured: `From the end of a ${settings.jobSeconds} s refresh job to data in hand, wait mode: ${fixed(wait.median.afterJobS)} s after the job`,
					baseline: `the ${POLL_INTERVAL_S} s poll-interval floor (first look at 0 s, next at ${POLL_INTERVAL_S} s); notify mode (listener gets the sandbox's POST, then one cached read): ${fixed(notify.median.afterJobS)} s after the job`,
					figure: `wait ${fixed(wait.median.overFloorS)} s over the ${POLL_INTERVAL_S} s floor; notify ${fixed(notify.median.afterJobS)} s over the job's end`,
				},
			],
		};
	} finally {
		await listener.close();
		await sandbox.close();
	}
}
