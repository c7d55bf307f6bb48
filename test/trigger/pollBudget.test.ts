/**
 * n8n's durable scheduler gives a poll a budget (getPollBudgetMs: its poll timeout less a margin) and
 * abandons a poll that runs longer, keeping nothing it learned. Every wait of the trigger ends within
 * the smaller of Max Wait and that budget; a Max Wait beyond the poll timeout is refused at activation.
 * Without a budget (n8n 1.x) Max Wait alone bounds the waits, as before.
 */
import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { itemsOf, lastLogSeq, requestsTo, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

async function activationError(trigger: TriggerUnderTest, pollBudgetMs?: number): Promise<Error & { description?: string }> {
	return await trigger.poll({ activation: true, pollBudgetMs }).then(
		() => {
			throw new Error('the activation poll did not fail');
		},
		(error: Error & { description?: string }) => error,
	);
}

describe('a poll under the durable scheduler', () => {
	test.each([
		['Bill Created', { event: 'bill' }, '/v1/bills'],
		['Work Order Status Changed', { event: 'workOrderStatus' }, '/v1/work-orders'],
		['Lease End Approaching', { event: 'leaseEnding' }, '/v1/rent-roll'],
	])('%s: while the service cannot refresh, activation gives up within the budget (8 s), not Max Wait (12 s)', async (_, parameters, path) => {
		await sandbox.control.config({ failRefreshes: true });
		try {
			const trigger = new TriggerUnderTest(sandbox, { ...parameters, options: { maxWait: 12 } }, path);
			const error = await activationError(trigger, 8_000);
			expect(error.message).toMatch(/^Could not record the starting point: the service did not return fresh .+ within 8 seconds$/);
		} finally {
			await sandbox.control.config({ failRefreshes: false });
		}
	});

	test('without a budget (n8n 1.x), Max Wait bounds the wait as before', async () => {
		await sandbox.control.config({ failRefreshes: true });
		try {
			const trigger = new TriggerUnderTest(sandbox, { event: 'bill', options: { maxWait: 3 } }, '/v1/bills');
			expect((await activationError(trigger)).message).toMatch(/within 3 seconds$/);
		} finally {
			await sandbox.control.config({ failRefreshes: false });
		}
	});

	test("a Max Wait longer than the scheduler's poll timeout is refused at activation, naming both; nothing is sent", async () => {
		const since = await lastLogSeq(sandbox);
		const trigger = new TriggerUnderTest(sandbox, { event: 'bill', options: { maxWait: 60 } }, '/v1/bills');
		const error = await activationError(trigger, 36_000);
		expect(error.message).toBe('Options → Max Wait (Seconds) is 60, longer than n8n lets a poll run (about 45 seconds)');
		expect(error.description).toContain('N8N_SCHEDULER_POLL_TIMEOUT');
		expect(await requestsTo(sandbox, '/v1/bills', since)).toEqual([]);
	});

	test('the default Max Wait (40 s) fits the default poll timeout (45 s): activation records the starting point', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
		expect((await trigger.poll({ activation: true, pollBudgetMs: 36_000 })).items).toBeNull();
		expect(Object.keys(trigger.persisted)).not.toHaveLength(0);
	});
});

/** Moves the sandbox clock on, so that the snapshots it holds are that much older. */
async function later(seconds: number): Promise<void> {
	const { clock } = await sandbox.control.config();
	await sandbox.control.config({ clock: new Date(Date.parse(clock) + seconds * 1000).toISOString() });
}

describe("a record entered between the activation and the scheduler's first poll", () => {
	// n8n's durable scheduler keeps nothing the activation's poll staged when it emitted nothing: the
	// first scheduled poll finds no state. It comes minutes later, when the snapshot the activation read
	// is older than Max Age.
	test.each([
		['Work Order Created', { event: 'workOrder' }, '/v1/work-orders', 'New'],
		['Work Order Status Changed', { event: 'workOrderStatus' }, '/v1/work-orders', 'Completed'],
	])('%s: fires once, at the poll after the first scheduled one', async (_, parameters, path, status) => {
		const open = status === 'New' ? undefined : await sandbox.control.inject<IDataObject>('workOrder', {});
		// the activation sees the open order
		await sandbox.control.expire(path);
		const trigger = new TriggerUnderTest(sandbox, parameters, path);
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		trigger.memory = {};
		trigger.persisted = {};

		const order = open ?? (await sandbox.control.inject<IDataObject>('workOrder', {}));
		if (open) await sandbox.control.update('workOrder', String(open.upstreamId), { status });
		await later(300);
		expect((await trigger.poll({ pollBudgetMs: 36_000 })).items).toBeNull();
		const fired = itemsOf((await trigger.pollAfterUpstreamChange()).items, 'upstreamId', String(order.upstreamId));
		expect(fired?.map((item) => item.json.status)).toEqual([status]);
		expect(itemsOf((await trigger.pollAfterUpstreamChange()).items, 'upstreamId', String(order.upstreamId))).toBeNull();
	});
});

describe('a list with more pages than the poll budget has seconds', () => {
	// the service's one request a second, and pages of 2 records: a full read of the bills is tens of pages
	let paged: TestSandbox;

	beforeAll(async () => {
		paged = await startTestSandbox({ jobSeconds: 0, pageSize: 2 });
	});

	afterAll(async () => {
		await paged?.close();
	});

	test('activation stops paging within the budget and says which setting to raise; without a budget the read goes to its last page', async () => {
		const since = await lastLogSeq(paged);
		const started = Date.now();
		const trigger = new TriggerUnderTest(paged, { event: 'bill', options: { maxWait: 5 } }, '/v1/bills');
		const error = await trigger.poll({ activation: true, pollBudgetMs: 8_000 }).then(
			() => {
				throw new Error('the activation poll did not fail');
			},
			(failure: Error & { description?: string }) => failure,
		);
		const elapsed = Date.now() - started;
		expect(error.message).toMatch(/^Reading the bills takes longer than n8n lets a poll run: after \d+ seconds, (about \d+ pages|more pages) were left$/);
		expect(error.description).toMatch(/N8N_SCHEDULER_POLL_TIMEOUT to at least \d+ seconds/);
		expect(elapsed).toBeLessThan(8_000 + 1_500);
		expect(trigger.persisted).toEqual({});
		const pagesInBudget = (await requestsTo(paged, '/v1/bills', since)).length;
		expect(pagesInBudget).toBeLessThanOrEqual(9);

		// n8n 1.x, or 2.x's in-memory scheduler: no budget, every page is read and the present recorded
		const whole = new TriggerUnderTest(paged, { event: 'bill' }, '/v1/bills');
		const sinceWhole = await lastLogSeq(paged);
		expect((await whole.poll({ activation: true })).items).toBeNull();
		expect(Object.keys(whole.persisted)).not.toHaveLength(0);
		expect((await requestsTo(paged, '/v1/bills', sinceWhole)).length).toBeGreaterThan(pagesInBudget);
	});
});
