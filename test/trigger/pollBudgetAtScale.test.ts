/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * New Bill on a 10,000-unit account under n8n's durable scheduler, at its default poll budget (the
 * 45 s poll timeout less a fifth: 36 s), polled through n8n-core. The unpaid bills dated before the
 * window fill about 53 pages: more than one poll can read at the service's one request a second, so
 * activation and the polls after it read them over several polls. Prints each poll that sent a
 * request (seconds, requests, whether the open read is under way): the figures docs/trigger.md gives.
 */
import type { IDataObject } from 'n8n-workflow';
import { NODE_NAME } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, requestsTo, serviceDate, TriggerUnderTest } from './harness';

/** getPollBudgetMs() at n8n's default N8N_SCHEDULER_POLL_TIMEOUT (45 s) */
const BUDGET_MS = 36_000;
const TIMEOUT_MS = 45_000;
const STATE = `node:${NODE_NAME}`;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ units: 10_000 });
}, 120_000);

afterAll(async () => {
	await sandbox?.close();
});

test('10,000 units: every poll ends within the budget, the open bills are read over polls, a bill entered after activation fires once, nothing old fires', async () => {
	const trigger = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
	const fired = new Map<string, number>();
	const lines: string[] = [];
	let longest = 0;
	let polls = 0;
	let spreadPolls = 0;
	const poll = async (activation = false) => {
		const since = await lastLogSeq(sandbox);
		const started = Date.now();
		const { items } = await trigger.poll({ activation, pollBudgetMs: BUDGET_MS });
		const ms = Date.now() - started;
		polls += 1;
		longest = Math.max(longest, ms);
		for (const item of items ?? []) fired.set(String(item.json.upstreamId), (fired.get(String(item.json.upstreamId)) ?? 0) + 1);
		const underWay = Boolean((trigger.memory[STATE] as IDataObject | undefined)?.openUnderWay);
		if (underWay) spreadPolls += 1;
		const requests = (await requestsTo(sandbox, '/v1/bills', since)).length;
		if (requests) lines.push(`${activation ? 'activation' : 'poll'}: ${(ms / 1000).toFixed(1)} s, ${requests} requests, ${items?.length ?? 0} fired${underWay ? ', open bills under way' : ''}`);
		// n8n would abandon a poll past its timeout; the trigger stops paging at the budget
		expect(ms).toBeLessThan(BUDGET_MS + 2_000);
	};

	await poll(true);
	const today = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(0), status: 'Unpaid' });
	const old = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-90), status: 'Unpaid' });
	const wanted = [String(today.upstreamId), String(old.upstreamId)];
	// a poll a minute while the starting point is read, then a quarter of an hour between polls, as far
	// as the open bills' next read (hours apart at this size)
	for (let after = 1; after <= 60 && !wanted.every((id) => fired.has(id)); after++) {
		trigger.elapse(after > 4 ? 15 * 60_000 : 60_000);
		await poll();
	}
	for (let more = 0; more < 4; more++) {
		trigger.elapse(15 * 60_000);
		await poll();
	}
	console.log(`${lines.join('\n')}\n${polls} polls; longest ${(longest / 1000).toFixed(1)} s (poll timeout ${TIMEOUT_MS / 1000} s)`);

	expect(spreadPolls).toBeGreaterThan(0);
	expect(longest).toBeLessThan(TIMEOUT_MS);
	expect(wanted.map((id) => fired.get(id))).toEqual([1, 1]);
	expect([...fired.keys()].filter((id) => !wanted.includes(id))).toEqual([]);
}, 1_200_000);
