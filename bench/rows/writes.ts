import { runNode } from '../../test/support/n8n';
import { FIRST_JOB_POLL_MS } from '../../nodes/shared/transport/writing/write';
import { countLog, startBenchSandbox } from '../lib/benchSandbox';
import { loadNode } from '../lib/nodes';
import { fixed, medianRun } from '../lib/stats';
import type { SandboxProfile } from '../../sandbox/server/options';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

interface CreateSample {
	wallS: number;
	requests: number;
	posts: number;
	rejected429: number;
	floorS: number;
}

/**
 * A vendor create of `settings.createItems` items (20 in a full run, 5 in a quick one) through the
 * node, rate limit on. Floor: one request per second; in the documented profile the last item's job
 * cannot be looked at before its first poll delay either.
 */
async function createRun(profile: SandboxProfile, settings: BenchSettings, runIndex: number): Promise<CreateSample> {
	const sandbox = await startBenchSandbox({ pageSize: 50, jobSeconds: settings.jobSeconds, rateLimit: true, profile });
	try {
		const key = freshKey(sandbox);
		const nodeType = new (loadNode().PropertyManagement)();
		const tag = `Bench ${profile} ${runIndex} ${Date.now()}`;
		const createItems = settings.createItems;
		const items = Array.from({ length: createItems }, (_, index) => ({ json: { name: `${tag} #${index}` } }));
		const started = performance.now();
		const run = await runNode({
			nodeType,
			parameters: { resource: 'vendor', operation: 'create', companyName: '={{ $json.name }}' },
			credentials: credentialsFor(sandbox, key),
			items,
		});
		const wallS = (performance.now() - started) / 1000;
		if (run.error || run.items.length !== createItems) throw new Error(`create run failed: ${run.error?.message ?? run.items.length}`);
		const log = (await sandbox.control.log()).filter((entry) => entry.key === sandbox.labelOf(key));
		const counts = countLog(log);
		const posts = log.filter((entry) => entry.method === 'POST' && entry.status === 200).length;
		// counts, never times: one accepted POST per item (a second one would create a record twice)
		if (posts !== createItems) throw new Error(`${profile}: ${posts} accepted POSTs for ${createItems} creates`);
		const lastPostIndex = createItems - 1;
		const floorS = profile === 'spec' ? counts.accepted - 1 : Math.max(counts.accepted - 1, lastPostIndex + FIRST_JOB_POLL_MS / 1000);
		return { wallS, requests: counts.requests, posts, rejected429: counts.rejected429, floorS };
	} finally {
		await sandbox.close();
	}
}

/** Wall time of an N-item create against the rate-limit floor, synchronous (spec) and asynchronous (documented). */
export async function writesRow(settings: BenchSettings): Promise<RowResult> {
	const measure = (profile: SandboxProfile) =>
		medianRun(settings.repeat, (index) => createRun(profile, settings, index), (sample) => sample.wallS / sample.floorS);
	const spec = (await measure('spec')).median;
	const documented = (await measure('documented')).median;
	const createItems = settings.createItems;
	const describe = (sample: CreateSample) =>
		`${fixed(sample.wallS)} s, ${sample.requests} requests (${sample.posts} POSTs), ${sample.rejected429} × 429`;
	return {
		rows: [
			{
				measured: `${createItems}-item vendor create through the node; synchronous (spec profile): ${describe(spec)}; asynchronous, ${settings.jobSeconds} s jobs (documented profile): ${describe(documented)}`,
				baseline: `rate-limit floor at 1 req/s: spec ${fixed(spec.floorS, 0)} s; documented ${fixed(documented.floorS, 0)} s (its requests, and the last job's first look ${FIRST_JOB_POLL_MS / 1000} s after the last POST)`,
				figure: `spec ${fixed(spec.wallS / spec.floorS)}× floor; documented ${fixed(documented.wallS / documented.floorS)}× floor, ${fixed(documented.wallS / spec.wallS)}× the synchronous wall time; POSTs per create ${fixed(spec.posts / createItems, 0)} and ${fixed(documented.posts / createItems, 0)}; requests per asynchronous create ${fixed(documented.requests / createItems, 1)}`,
			},
		],
		summary: {
			[`create${createItems}_spec_wall_s`]: fixed(spec.wallS),
			[`create${createItems}_documented_wall_s`]: fixed(documented.wallS),
			[`create${createItems}_documented_requests`]: documented.requests,
		},
	};
}
