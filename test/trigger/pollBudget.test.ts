/**
 * n8n's durable scheduler gives a poll a budget (getPollBudgetMs: its poll timeout less a margin) and
 * abandons a poll that runs longer, keeping nothing it learned. Every wait of the trigger ends within
 * the smaller of Max Wait and that budget; a Max Wait beyond the poll timeout is refused at activation.
 * Without a budget (n8n 1.x) Max Wait alone bounds the waits, as before.
 */
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, requestsTo, TriggerUnderTest } from './harness';

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
