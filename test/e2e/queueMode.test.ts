/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * n8n in queue mode (issue 25, item 2): Debian's redis-server and a throwaway PostgreSQL cluster,
 * n8n main and 2 workers on one user folder with the package installed by the README's npm command
 * (scripts/queue-mode.js). Eight webhook executions, submitted at once, each read the whole chart of
 * accounts (36 GL accounts) in pages of 4 (9 pages) on one API key under the sandbox's strict 1 request/second limit, while the
 * welcome-email trigger polls in main. Checked: every execution succeeds on a worker with every
 * GL account exactly once, and the trigger emits the injected move-in exactly once. The credential has
 * Shared by Several n8n Processes on, as the README tells queue-mode users (the clock grid,
 * docs/queue-mode.md); the requests, 429s and throughput are printed, and the 429s counted.
 *
 * It runs on one n8n line per CI run: 2.41.1 (the second e2e pass of `.ci/run`); on any other line it
 * is skipped, visibly. E2E_QUEUE_MODE=1 runs it on any line, E2E_QUEUE_MODE=0 skips it.
 *
 * Measuring other shapes (docs/queue-mode.md, "Bursts in real queue mode"): E2E_QUEUE_WORKERS (2),
 * E2E_QUEUE_EXECUTIONS (8) and E2E_QUEUE_SHARED=0 (the setting off; its 429s are then printed, not
 * bounded). CI runs the defaults.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { SLOT_MS } from '../../nodes/shared/transport/sending/slotGrid';
import { control, examples, getExecution, inject, itemsOf, listExecutions, sandboxLog, waitFor, waitForCompletedPoll, type Json, type Stack } from './support';

/* eslint-disable @typescript-eslint/no-require-imports */
const queueMode = require('../../scripts/queue-mode');
const stackModule = require('../../scripts/stack');
const runtime = require('../../scripts/n8n-runtime');
/* eslint-enable @typescript-eslint/no-require-imports */

const MINUTE = 60_000;
const QUEUE_LINE = '2.41.1';
const EXECUTIONS = positiveIntegerFromEnv('E2E_QUEUE_EXECUTIONS', 8);
const WORKERS = positiveIntegerFromEnv('E2E_QUEUE_WORKERS', 2);
/** the credential's Shared by Several n8n Processes, as the README tells queue-mode users */
const SHARED = process.env.E2E_QUEUE_SHARED !== '0';
const PAGE_SIZE = 4;
const MIN_PAGES = 5;
const READ_WORKFLOW = 'pmE2eQueueGlAccounts';
const READ_PATH = 'pm-e2e-queue-gl-accounts';
const { WORKFLOWS, CREDENTIALS } = examples;

const version: string = runtime.DEFAULT_VERSION;
const runHere = process.env.E2E_QUEUE_MODE === '1' || (process.env.E2E_QUEUE_MODE !== '0' && version === QUEUE_LINE);
const describeHere = runHere ? describe : describe.skip;
if (!runHere) {
	process.stderr.write(
		`[e2e] queue mode skipped on n8n ${version}: it runs on ${QUEUE_LINE} only (the second e2e pass of .ci/run; E2E_QUEUE_MODE=1 forces it)\n`,
	);
}

type QueueStack = Stack & {
	main: { baseUrl: string; logFile: string };
	workers: Array<{ name: string; logFile: string; child: { pid: number } }>;
	redis: { port: number };
	postgres: { port: number };
};

/** Webhook → GL Accounts → Get Many, Return All; a Max Wait long enough for the current limiter's retries. */
const readWorkflow: Json = {
	id: READ_WORKFLOW,
	name: 'Every GL account, started by a webhook (queue-mode end-to-end check)',
	active: false,
	settings: { executionOrder: 'v1' },
	pinData: {},
	nodes: [
		{
			id: `${READ_WORKFLOW}-hook`,
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: READ_PATH, responseMode: 'onReceived', options: {} },
		},
		{
			id: `${READ_WORKFLOW}-read`,
			name: 'GL accounts',
			type: 'n8n-nodes-property-management.propertyManagement',
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'glAccount', operation: 'getAll', returnAll: true, options: { maxWait: 900 } },
			credentials: { propertyManagementApi: { id: CREDENTIALS.propertyManagement.id, name: CREDENTIALS.propertyManagement.name } },
		},
	],
	connections: { Webhook: { main: [[{ node: 'GL accounts', type: 'main', index: 0 }]] } },
};

/** As test/e2e/support.ts does for every e2e stack: data at most 60 s old, so an injected record shows at the next minute's poll. */
function prepareWorkflows(workflows: Json[]): Json[] {
	for (const workflow of workflows) {
		for (const node of workflow.nodes) {
			if (node.type.endsWith('.propertyManagementTrigger')) node.parameters.options = { ...node.parameters.options, maxAge: 60 };
		}
	}
	return [...workflows, readWorkflow];
}

const started = Date.now();
const mailArrivals: number[] = [];
let stack: QueueStack | undefined;

describeHere(`queue mode on n8n ${version}: main, ${WORKERS} workers, Redis and PostgreSQL`, () => {
	beforeAll(async () => {
		stack = await queueMode.startQueueStack({
			workers: WORKERS,
			sandboxConfig: { pageSize: PAGE_SIZE, rateLimit: true },
			sharedByProcesses: SHARED,
			log: (line: string) => process.stderr.write(`[e2e] ${line}\n`),
			// when each mail arrived: the test looks for the welcome mail only after the burst has ended
			onMail: () => mailArrivals.push(Date.now()),
			prepareWorkflows,
		});
		const { timings, redis, postgres } = stack!;
		process.stderr.write(
			`[e2e] queue mode: n8n ${version} main + ${stack!.workers.length} workers ready (redis-server :${redis.port}, PostgreSQL :${postgres.port}); timings ${JSON.stringify(timings)}\n`,
		);
	}, 20 * MINUTE); // a fresh machine installs n8n first

	afterAll(async () => {
		const pids = stack ? [stack.main, ...stack.workers].map((proc: Json) => proc.child.pid as number) : [];
		await stack?.stop();
		const alive = pids.filter((pid) => {
			try {
				process.kill(pid, 0);
				return true;
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false; // gone, as it should be
				throw error;
			}
		});
		process.stderr.write(`[e2e] queue mode: test wall time ${((Date.now() - started) / 1000).toFixed(0)} s (start to stop)\n`);
		if (alive.length) throw new Error(`n8n processes still running after stop: ${alive.join(', ')}`);
	}, 2 * MINUTE);

	test(`${EXECUTIONS} webhook executions at once read every GL account (at least ${MIN_PAGES} pages each) on the workers, and the trigger in main emits a move-in exactly once`, async () => {
		const s = stack!;
		// /v1/gl-accounts lists every account (/v1/vendors leaves out the vendors the key cannot see, which /records shows)
		const accounts: Json[] = await control(s, 'GET', '/records/glAccounts');
		const expectedIds = accounts.map((account) => String(account.upstreamId)).sort();
		expect(Math.ceil(expectedIds.length / PAGE_SIZE)).toBeGreaterThanOrEqual(MIN_PAGES);

		// the trigger in main: active, its present recorded; then a move-in it must emit once
		await stackModule.activateWorkflow(s.session, WORKFLOWS.welcomeEmail);
		await stackModule.activateWorkflow(s.session, READ_WORKFLOW);
		// n8n 2.41 answers the activation before the webhook is registered; a GET tells without starting a run
		await waitFor(
			'the read workflow\'s webhook to be registered',
			async () => /not registered for GET requests\. Did you mean to make a POST request/.test(await (await fetch(`${s.main.baseUrl}/webhook/${READ_PATH}`)).text()),
			2 * MINUTE,
			500,
		);
		const injected = Date.now();
		const moveIn = await inject(s, 'tenantEvent', { event: 'Move-in', occupancy: await freeOccupancy(s) });
		const email: string = moveIn.tenant.email;
		expect(email).toMatch(/@/);

		// submitted at the trigger's first request after the move-in was entered: the workers then read
		// through that poll and the next one (a poll that refreshes looks again 10 s later)
		const isTriggerRequest = (entry: Json) => entry.path === '/v1/tenant-events';
		await waitFor('a trigger poll after the move-in was entered', async () => (await sandboxLog(s)).some((e) => isTriggerRequest(e) && e.time > injected), 3 * MINUTE, 500);
		const submitted = Date.now();
		const answers = await Promise.all(
			Array.from({ length: EXECUTIONS }, (_, n) =>
				fetch(`${s.main.baseUrl}/webhook/${READ_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) }).then(
					async (response) => ({ status: response.status, body: await response.text() }),
				),
			),
		);
		expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);

		const finished = await waitFor(
			`${EXECUTIONS} executions of the read workflow to end`,
			async () => {
				const runs = await listExecutions(s, READ_WORKFLOW);
				const ended = runs.filter((run) => ['success', 'error', 'crashed', 'canceled'].includes(run.status));
				return ended.length >= EXECUTIONS ? ended : undefined;
			},
			15 * MINUTE,
			2000,
		);
		const readSeconds = (Date.now() - submitted) / 1000;

		// which worker ran which execution: each worker logs "Worker started execution <id> (job <n>)"
		const ranOn = new Map<string, string[]>();
		for (const worker of s.workers) {
			for (const match of fs.readFileSync(worker.logFile, 'utf8').matchAll(/Worker started execution (\d+)/g)) {
				ranOn.set(match[1], [...(ranOn.get(match[1]) ?? []), worker.name]);
			}
		}
		const mainLog = fs.readFileSync(s.main.logFile, 'utf8');

		const results: Json[] = [];
		for (const run of finished) {
			const execution = await getExecution(s, String(run.id));
			const ids = execution.status === 'success' ? itemsOf(execution.data.resultData.runData, 'GL accounts').map((item) => String(item.upstreamId)) : [];
			results.push({
				id: String(run.id),
				status: execution.status,
				error: execution.data?.resultData?.error?.message,
				workers: ranOn.get(String(run.id)) ?? [],
				ids: ids.sort(),
				seconds: (Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt)) / 1000,
			});
		}

		// figures: every API request of the read window (the trigger's polls in main included), then the split
		const all = (await sandboxLog(s)).filter((entry) => entry.path.startsWith('/v1/') && entry.time >= submitted);
		const readRequests = all.filter((entry) => entry.path === '/v1/gl-accounts');
		const readEnd = Math.max(...readRequests.map((entry) => entry.time));
		const log = all.filter((entry) => entry.time <= readEnd);
		const accepted = log.filter((entry) => entry.status !== 429);
		const rejected = log.length - accepted.length;
		const span = log.length > 1 ? (Math.max(...log.map((e) => e.time)) - Math.min(...log.map((e) => e.time))) / 1000 : 0;
		const perWorker = s.workers.map((worker) => `${worker.name} ${results.filter((r) => r.workers.includes(worker.name)).length}`).join(', ');
		const pollsDuringRead = log.filter(isTriggerRequest);
		const gaps = slotGaps(accepted.map((entry) => entry.time));
		process.stderr.write(
			`[e2e] queue mode, n8n ${version}, ${WORKERS} workers, Shared by Several n8n Processes ${SHARED ? 'on' : 'off'}, ${EXECUTIONS} executions x ${Math.ceil(expectedIds.length / PAGE_SIZE)} pages: ` +
				`${results.filter((r) => r.status === 'success').length}/${results.length} succeeded in ${readSeconds.toFixed(0)} s ` +
				`(each ${Math.min(...results.map((r) => r.seconds)).toFixed(0)}-${Math.max(...results.map((r) => r.seconds)).toFixed(0)} s); ` +
				`${log.length} requests (${readRequests.length} to /v1/gl-accounts, ${pollsDuringRead.length} trigger requests from main: ${pollsDuringRead.map((e) => e.status).join(' ') || 'none'}), ` +
				`${rejected} x 429 (${log.length ? ((100 * rejected) / log.length).toFixed(1) : '0'} %), ` +
				`${span ? (accepted.length / span).toFixed(2) : '-'} accepted requests/s over ${span.toFixed(0)} s (slots between accepted requests: ${gaps}); executions per worker: ${perWorker}; ` +
				`arrival into the slot, ms (p10/p50/p90): ${arrivalOffsets(log.map((entry) => entry.time))}\n`,
		);

		for (const result of results) {
			expect({ id: result.id, status: result.status, error: result.error }).toEqual({ id: result.id, status: 'success', error: undefined });
			// every GL account exactly once
			expect({ id: result.id, ids: result.ids }).toEqual({ id: result.id, ids: expectedIds });
			// run by exactly one worker, not by main
			expect({ id: result.id, workers: result.workers }).toEqual({ id: result.id, workers: [expect.stringMatching(/^worker\d$/)] });
			expect(mainLog).not.toMatch(new RegExp(`Worker started execution ${result.id}\\b`));
		}
		expect(results).toHaveLength(EXECUTIONS);
		// the clock grid shares the key out: 9.6-14.0 % 429s in the runs so far, against 35-54 % with each
		// process's own pacing (docs/queue-mode.md)
		if (SHARED) expect(rejected / log.length).toBeLessThanOrEqual(0.3);

		// the trigger in main: the move-in's welcome mail, then a complete poll after it that sends nothing more
		await waitFor('the welcome mail of the injected move-in', () => s.smtp.mails.some((mail) => mail.to.includes(email)), 6 * MINUTE, 2000);
		const mailedAt = Date.now();
		await waitForCompletedPoll(s, (entry) => entry.path === '/v1/tenant-events' && entry.query?.eventType === 'Move-in', mailedAt, 3 * MINUTE);
		const welcomeRuns = (await listExecutions(s, WORKFLOWS.welcomeEmail)).filter((run) => Date.parse(run.startedAt ?? run.createdAt) >= injected);
		process.stderr.write(
			`[e2e] queue mode: welcome mail ${((mailArrivals[0] - submitted) / 1000).toFixed(0)} s after the executions were submitted (looked for after ${((mailedAt - submitted) / 1000).toFixed(0)} s); welcome executions since the move-in ${welcomeRuns.map((run) => `${run.id}:${run.status}`).join(', ')}\n`,
		);
		expect(s.smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
		expect(s.smtp.mails).toHaveLength(1);
		expect(welcomeRuns.filter((run) => run.status === 'success')).toHaveLength(1);
		// A poll in main that the workers kept rate-limiting past its Max Wait fails as a trigger execution
		// (n8n's error workflow runs), and a later poll emits the move-in once (with the setting off, in 2 of
		// 4 bursts measured). On the grid main's polls got through after at most two 429s in every run so far
		// (2-8 workers); no other failure is allowed.
		for (const run of welcomeRuns.filter((run) => run.status !== 'success')) {
			const failure = JSON.stringify(await getExecution(s, String(run.id)));
			expect({ id: run.id, status: run.status, rateLimited: /The service kept rate-limiting requests/.test(failure) }).toEqual({ id: run.id, status: 'error', rateLimited: true });
		}
	}, 25 * MINUTE);
});

/**
 * How many slots of the clock grid lie between successive times, counted: "70 x 1, 2 x 2, 1 x 12". One
 * slot is a busy key; a long gap is residues nobody sent in.
 */
function slotGaps(times: number[]): string {
	const slots = times.map((time) => Math.floor(time / SLOT_MS)).sort((a, b) => a - b);
	const counts = new Map<number, number>();
	for (let index = 1; index < slots.length; index++) {
		const gap = slots[index] - slots[index - 1];
		counts.set(gap, (counts.get(gap) ?? 0) + 1);
	}
	return [...counts].sort(([a], [b]) => a - b).map(([gap, count]) => `${count} x ${gap}`).join(', ');
}

/**
 * Where in its slot each request reached the service: the grid's planned offset (2-36 ms by holdings)
 * plus what the worker's path to the wire adds. docs/queue-mode.md compares it with the bench's.
 */
function arrivalOffsets(times: number[]): string {
	const offsets = times.map((time) => time % SLOT_MS).sort((a, b) => a - b);
	return [0.1, 0.5, 0.9].map((share) => offsets[Math.floor(share * (offsets.length - 1))]).join('/');
}

/** A current occupancy with an email (as workflows.test.ts picks them). */
async function freeOccupancy(s: Stack): Promise<string> {
	const tenants: Json[] = await control(s, 'GET', '/records/tenants');
	const tenant = tenants.find((t) => t.occupancyUpstreamId && t.emailAddresses?.[0] && !/past/i.test(String(t.status)));
	if (!tenant) throw new Error('the sandbox has no current occupancy with an email');
	return String(tenant.occupancyUpstreamId);
}

function positiveIntegerFromEnv(name: string, fallback: number): number {
	const text = process.env[name];
	if (text === undefined || text === '') return fallback;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: ${text} is not a whole number of at least 1`);
	return value;
}
