/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The trigger under n8n's durable scheduler (on by default from n8n 2.45; in 2.41 behind four
 * flags, schedulerUnderTest in support.ts): poll jobs from a database-backed queue, each poll raced against a timeout, what a
 * poll staged committed with its execution. The example "new work order → team channel" runs with
 * the flags on and checks, counting the posts each work order made:
 * - a work order entered right after activation, before the first scheduled poll, posts once (n8n
 *   keeps nothing the activation's poll staged when it emitted nothing);
 * - while work orders arrive, n8n is killed with SIGKILL at random moments (during and between polls)
 *   and started again: each work order posts exactly once. Odd kills land inside a poll (just after one
 *   of its reads began, when one comes within 150 s), even ones at a random moment.
 *
 * It runs on n8n 2.x only (the second e2e pass of `.ci/run`); on 1.x, which has no durable scheduler,
 * it is skipped, visibly. E2E_DURABLE_KILLS sets the number of kills (5).
 *
 * E2E_SCHEDULER=memory runs the same with n8n's in-memory scheduler (no flags; any n8n line), to measure
 * what n8n's save order allows there: it saves the static data after the execution without waiting for
 * it, so a kill in between may emit a record again. That run asserts nothing missed and prints the doubles.
 */
import * as fs from 'node:fs';
import { activateWorkflow, examples, inject, sandboxLog, schedulerUnderTest, sleep, startE2eStack, waitFor, waitForCompletedPoll, type Json, type Stack } from './support';

/* eslint-disable @typescript-eslint/no-require-imports */
const runtime = require('../../scripts/n8n-runtime');
/* eslint-enable @typescript-eslint/no-require-imports */

const MINUTE = 60_000;
const KILLS = Number(process.env.E2E_DURABLE_KILLS ?? 5);
const WORKFLOW = examples.WORKFLOWS.newWorkOrderToSlack as string;
const FEED_PATH = '/slack/operations';
const { inMemory: IN_MEMORY, name: SCHEDULER, env: SCHEDULER_ENV, version, availableHere: runHere } = schedulerUnderTest;
const describeHere = runHere ? describe : describe.skip;
if (!runHere) process.stderr.write(`[e2e] durable scheduler skipped on n8n ${version}: it has none (2.36 and later; run on 2.41.1 by .ci/run)\n`);

let stack: Stack;
/** the n8n process started after a kill; the stack's own one is killed first */
let restarted: { child: unknown; stop: () => Promise<void> } | undefined;
const log = (line: string) => process.stderr.write(`[e2e] ${SCHEDULER}: ${line}\n`);

/** The team-channel posts naming each work order. */
function postsOf(workOrderNumber: string): number {
	return stack.webhook.posts.filter((post) => post.path === FEED_PATH && String(post.body?.text ?? '').includes(`New work order ${workOrderNumber}*`)).length;
}

const isWorkOrderRead = (entry: Json) => entry.method === 'GET' && entry.path === '/v1/work-orders';

/** Whether a poll read the work orders within `ms` from now (the first such request). */
async function nextReadWithin(ms: number): Promise<boolean> {
	const from = Date.now();
	return await waitFor('a work-order read', async () => (await sandboxLog(stack)).some((entry) => isWorkOrderRead(entry) && entry.time >= from), ms, 250).then(
		() => true,
		() => false,
	);
}

async function killAndRestart(): Promise<void> {
	const running = restarted ?? stack.server;
	await runtime.stopProcess((running as { child: unknown }).child, 'SIGKILL');
	restarted = await runtime.startN8n(stack.n8n, stack.userFolder, {
		port: stack.server.port,
		logFile: `${stack.userFolder}/n8n.log`,
		env: SCHEDULER_ENV,
	});
}

describeHere(`the trigger under n8n ${version}'s ${SCHEDULER}`, () => {
	beforeAll(async () => {
		stack = await startE2eStack({ n8nEnv: SCHEDULER_ENV });
	}, 20 * MINUTE);

	afterAll(async () => {
		await restarted?.stop();
		await stack?.stop();
	});

	test(
		`a work order entered right after activation posts once; ${KILLS} SIGKILLs while work orders arrive lose and double none`,
		async () => {
			const activatedAt = Date.now();
			await activateWorkflow(stack, WORKFLOW, { waitUntilLive: false });
			// the activation's poll has read the work orders: what is entered now is new to it
			await waitForCompletedPoll(stack, isWorkOrderRead, activatedAt);
			const orders: string[] = [(await inject(stack, 'workOrder', {})).workOrderNumber as string];
			log(`work order ${orders[0]} entered ${Math.round((Date.now() - activatedAt) / 1000)} s after activation`);

			for (let kill = 1; kill <= KILLS; kill++) {
				if (kill % 2 === 1) orders.push((await inject(stack, 'workOrder', {})).workOrderNumber as string);
				// odd kills inside a poll (0-3 s after one of its reads started; a poll sends requests only when a
				// read is due, every two minutes or so here), even ones at a random moment
				const during = kill % 2 === 1 ? await nextReadWithin(150_000) : false;
				await sleep(during ? Math.random() * 3000 : 20_000 + Math.random() * 30_000);
				await killAndRestart();
				log(`kill ${kill} ${during ? 'during a poll' : 'at a random moment'}; n8n up again`);
			}
			orders.push((await inject(stack, 'workOrder', {})).workOrderNumber as string);

			// each posts within a few polls (data at most 60 s old, a poll a minute, n8n's backoff after a kill)
			await waitFor('a post for every work order', () => orders.every((order) => postsOf(order) >= 1), 8 * MINUTE, 2000).catch((error: Error) => {
				throw new Error(`${error.message}: ${JSON.stringify(Object.fromEntries(orders.map((order) => [order, postsOf(order)])))}`);
			});
			// two more polls: a doubled emission would come now
			await sleep(2 * MINUTE + 10_000);
			const counts = Object.fromEntries(orders.map((order) => [order, postsOf(order)]));
			log(`posts per work order: ${JSON.stringify(counts)}`);
			// every poll ended within n8n's poll timeout, and the activation within the publication deadline
			// (n8n logs both at warn level: poll-trigger-task-handler.js, the workflow publication service)
			const n8nLog = fs.readFileSync(`${stack.userFolder}/n8n.log`, 'utf8');
			const overruns = n8nLog.split('\n').filter((line) => /Poll exceeded its timeout and was abandoned|publication processing exceeded its deadline/.test(line));
			log(`polls abandoned at n8n's timeout, publications past their deadline: ${overruns.length}`);
			if (!IN_MEMORY) expect(overruns).toEqual([]);
			if (IN_MEMORY) {
				log(`doubled: ${orders.filter((order) => counts[order] > 1).length} of ${orders.length}`);
				expect(orders.filter((order) => counts[order] === 0)).toEqual([]);
			} else expect(counts).toEqual(Object.fromEntries(orders.map((order) => [order, 1])));
		},
		25 * MINUTE,
	);
});
