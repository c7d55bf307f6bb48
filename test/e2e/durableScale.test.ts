/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The trigger at 10,000 units under n8n's durable scheduler (n8n 2.41's flags): the example "bill
 * approval to Slack" (New Bill, the event with the longest reads: the recent bills and every unpaid
 * one) is activated on a sandbox of about 10,000 units. Its activation must end within n8n's
 * publication deadline and every poll within n8n's poll timeout (45 s), going on at the next poll
 * where a read does not fit; a bill entered once the activation's poll has read the bills, before
 * the first scheduled poll, posts exactly once.
 *
 * A scheduled poll's length is n8n's own: the durable scheduler records each poll task's start and
 * end in its database (`scheduled_task`, read with n8n's sqlite3 on n8n's Node). The activation's poll,
 * run by the publication and not a task, is timed from the sandbox's request log: its first request to
 * its last before a pause of more than 15 s. n8n logs a poll abandoned at its timeout and a publication past its
 * deadline at warn level; the test counts both.
 *
 * It runs on n8n 2.x only (the second e2e pass of `.ci/run`); 1.x has no durable scheduler.
 * E2E_SCHEDULER=memory runs the same under the in-memory scheduler (no flags; any n8n line).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { activateWorkflow, examples, inject, sandboxLog, schedulerUnderTest, sleep, startE2eStack, waitFor, waitForCompletedPoll, type Json, type Stack } from './support';

const MINUTE = 60_000;
const UNITS = 10_000;
const WORKFLOW = examples.WORKFLOWS.billApproval as string;
const FEED_PATH = '/slack/bill-approvals';
const { inMemory: IN_MEMORY, name: SCHEDULER, env: SCHEDULER_ENV, version, availableHere: runHere } = schedulerUnderTest;
const describeHere = runHere ? describe : describe.skip;
if (!runHere) process.stderr.write(`[e2e] 10,000 units under the durable scheduler skipped on n8n ${version}: it has none (run on 2.41.1 by .ci/run)\n`);

let stack: Stack;
const log = (line: string) => process.stderr.write(`[e2e] ${UNITS} units, ${SCHEDULER}: ${line}\n`);

function postsFor(billId: string): number {
	return stack.webhook.posts.filter((post) => post.path === FEED_PATH && String(post.body?.text ?? '').includes(`|Open bill ${billId}>`)).length;
}

/** The poll tasks the durable scheduler ran (n8n 2.41's `scheduled_task`), start and end in epoch ms. */
async function pollTasks(): Promise<Array<{ status: string; startedAt: number; finishedAt: number }>> {
	const query = `
		const sqlite3 = require('sqlite3');
		const db = new sqlite3.Database(process.argv[1], sqlite3.OPEN_READONLY);
		db.all("select status, startedAt, finishedAt from scheduled_task where taskType = 'workflow:poll-trigger' and startedAt is not null order by id", (error, rows) => {
			if (error) { console.error(error.message); process.exit(1); }
			console.log(JSON.stringify(rows));
			db.close();
		});`;
	const { stdout } = await promisify(execFile)(stack.n8n.nodeBin, ['-e', query, path.join(stack.userFolder, '.n8n', 'database.sqlite')], { cwd: stack.n8n.dir });
	const utc = (value: string | null) => (value ? Date.parse(`${value.replace(' ', 'T')}Z`) : NaN);
	return (JSON.parse(stdout) as Json[]).map((row) => ({ status: row.status, startedAt: utc(row.startedAt), finishedAt: utc(row.finishedAt) }));
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

describeHere(`the trigger at ${UNITS} units under n8n ${version}'s ${SCHEDULER}`, () => {
	beforeAll(async () => {
		stack = await startE2eStack({ n8nEnv: SCHEDULER_ENV, sandboxArgs: ['--units', String(UNITS)] });
	}, 20 * MINUTE);

	afterAll(async () => {
		await stack?.stop();
	});

	test(
		'New Bill: every poll ends within the poll timeout, the activation within the publication deadline; a bill entered right after activation posts once',
		async () => {
			const activatedAt = Date.now();
			await activateWorkflow(stack, WORKFLOW, { waitUntilLive: false });
			// the activation's poll has read the bills (a bill entered while it reads is part of the present it records)
			await waitForCompletedPoll(stack, (entry) => entry.path === '/v1/bills', activatedAt);
			const enteredAt = Date.now();
			const bill = await inject(stack, 'bill', { approvalStatus: 'Pending Approval', amount: '2718.28' });
			log(`bill ${bill.upstreamId} entered ${Math.round((Date.now() - activatedAt) / 1000)} s after activation`);

			await waitFor('the bill entered after activation to post', () => postsFor(bill.upstreamId) >= 1, 12 * MINUTE, 2000);
			log(`posted ${Math.round((Date.now() - activatedAt) / 1000)} s after activation`);
			// two more polls: a doubled emission would come now
			await sleep(2 * MINUTE + 10_000);

			const tasks = IN_MEMORY ? [] : await pollTasks();
			// the activation's poll: its requests from the activate call to the first pause of more than 15 s (how
			// waitForCompletedPoll saw it end, before the bill was entered); a scheduled poll that read at the same
			// time would count in, so the figure is at most the activation's
			const activationRequests: Json[] = [];
			for (const entry of (await sandboxLog(stack)).filter((logged) => logged.path.startsWith('/v1/') && logged.time >= activatedAt && logged.time < enteredAt)) {
				if (activationRequests.length && entry.time - activationRequests[activationRequests.length - 1].time > 15_000) break;
				activationRequests.push(entry);
			}
			const activation = activationRequests.length ? seconds(activationRequests[activationRequests.length - 1].time - activationRequests[0].time) : 0;
			const polls = tasks.map((task) => seconds(task.finishedAt - task.startedAt));
			log(`activation's poll: ${activation} s, ${activationRequests.length} requests (first to last request)`);
			log(`scheduled polls (n8n's start to end, s): ${polls.join(', ')}; statuses: ${[...new Set(tasks.map((task) => task.status))].join(', ')}`);
			log(`longest scheduled poll ${Math.max(0, ...polls)} s over ${polls.length} polls`);
			const n8nLog = fs.readFileSync(`${stack.userFolder}/n8n.log`, 'utf8');
			const abandoned = n8nLog.split('\n').filter((line) => /Poll exceeded its timeout and was abandoned/.test(line));
			const pastDeadline = n8nLog.split('\n').filter((line) => /publication processing exceeded its deadline/.test(line));
			log(`polls abandoned at n8n's timeout: ${abandoned.length}; publications past their deadline: ${pastDeadline.length}`);

			expect({ abandoned: abandoned.length, pastDeadline: pastDeadline.length }).toEqual({ abandoned: 0, pastDeadline: 0 });
			// n8n's poll timeout is 45 s (N8N_SCHEDULER_POLL_TIMEOUT); the trigger's budget 36 s
			expect(activation).toBeLessThan(45);
			if (!IN_MEMORY) {
				expect(polls.length).toBeGreaterThan(0);
				expect(Math.max(...polls)).toBeLessThan(45);
			}
			expect(postsFor(bill.upstreamId)).toBe(1);
		},
		20 * MINUTE,
	);
});
