import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { LIST_PATH, LIST_QS, LIST_URL, listOfPages } from '../lib/dataset';
import { engineExecution } from '../lib/engine';
import { naiveReturnAll } from '../lib/naiveClient';
import { fixed, medianRun } from '../lib/stats';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

/** Fixed for the rate-limited rows (raised only if the seed alone would need more pages). */
export const RATE_LIMITED_PAGE_SIZE = 20;

interface Timing {
	wallMs: number;
	rejected429: number;
	requests: number;
}

/** Return All over P pages at 1 request/second: the engine and a naive client against the floor (P − 1) s. */
export async function returnAllRow(settings: BenchSettings): Promise<RowResult> {
	const sandbox = await startBenchSandbox({ pageSize: RATE_LIMITED_PAGE_SIZE, jobSeconds: settings.jobSeconds, rateLimit: true });
	try {
		const { pages, items: total, pageSize } = await listOfPages(sandbox, settings.pages, RATE_LIMITED_PAGE_SIZE);
		const floorMs = (pages - 1) * 1000;
		const measure = async (run: (key: string) => Promise<{ wallMs: number; items: number }>, paced: boolean): Promise<Timing> => {
			const key = freshKey(sandbox);
			await sandbox.control.clearLog();
			const { wallMs, items } = await run(key);
			if (items !== total) throw new Error(`read ${items} items, the list has ${total}`);
			const counts = countLog(await sandbox.control.log(), [sandbox.labelOf(key)]);
			// counts, never times: each page read once; a 429 now and then on a busy machine, never a burst
			if (paced && counts.accepted !== pages) throw new Error(`the engine read ${pages} pages with ${counts.accepted} accepted requests`);
			if (paced && counts.rejected429 > pages) throw new Error(`the engine met ${counts.rejected429} × 429 over ${pages} pages`);
			return { wallMs, rejected429: counts.rejected429, requests: counts.requests };
		};
		const engine = await medianRun(settings.repeat, () =>
			measure(async (key) => {
				const result = await engineExecution(credentialsFor(sandbox, key), { method: 'GET', path: LIST_PATH, qs: LIST_QS, returnAll: true });
				return { wallMs: result.wallMs, items: result.items };
			}, true),
			(timing) => timing.wallMs,
		);
		const ratio = (timing: Timing) => timing.wallMs / floorMs;
		const measured = `Return All over P = ${pages} pages (${pageSize} items each), engine: ${fixed(engine.median.wallMs / 1000)} s, ${engine.median.requests} requests`;
		const floor = `floor (P−1) = ${pages - 1} s at 1 req/s`;
		const summary = { returnAll_wall_over_floor: fixed(ratio(engine.median)), returnAll_429: engine.median.rejected429 };
		if (settings.naiveBaseline === false) {
			return { rows: [{ measured, baseline: `${floor} (the naive loop: on the dev dependency's line)`, figure: `engine ${fixed(ratio(engine.median))}× floor, ${engine.median.rejected429} × 429` }], summary };
		}
		const naive = await medianRun(settings.repeat, () =>
			measure(async (key) => {
				const started = performance.now();
				const result = await naiveReturnAll(sandbox.url, key, LIST_URL);
				return { wallMs: performance.now() - started, items: result.items };
			}, false),
			(timing) => timing.wallMs,
		);
		return {
			rows: [
				{
					measured,
					baseline: `${floor}; naive axios loop (429 → ask again at once): ${fixed(naive.median.wallMs / 1000)} s, ${naive.median.requests} requests`,
					figure: `engine ${fixed(ratio(engine.median))}× floor, ${engine.median.rejected429} × 429; naive ${fixed(ratio(naive.median))}× floor, ${naive.median.rejected429} × 429`,
				},
			],
			summary: { ...summary, naive_429: naive.median.rejected429 },
		};
	} finally {
		await sandbox.close();
	}
}
