import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineCall, idsOf } from '../support/engineCall';
import { credentialsOf, duplicatesIn, guestCardIds, LIST, warmList } from './setup';

let sandbox: TestSandbox;

beforeAll(async () => {
	// rate limit off: the faults under test are injected; page size small so the list spans pages
	sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: 40, rateLimit: false });
	await warmList(sandbox);
});

afterAll(async () => {
	await sandbox?.close();
});

beforeEach(async () => {
	await sandbox.control.clearFaults();
	await sandbox.control.clearLog();
});

/** The read returned every upstream record exactly once. */
async function expectNothingLostOrDoubled(ids: string[]) {
	expect(duplicatesIn(ids)).toEqual([]);
	expect([...ids].sort()).toEqual(await guestCardIds(sandbox));
}

describe('faults while reading: retried, nothing lost, nothing doubled', () => {
	test('a burst of 429s with Retry-After: waits as told, then reads every page', async () => {
		await sandbox.control.fault({ type: '429', count: 3, retryAfter: 1, path: '/v1/guest-cards' });
		const outcome = await engineCall(credentialsOf(sandbox), LIST);
		expect(outcome.error).toBeUndefined();
		await expectNothingLostOrDoubled(idsOf(outcome.items));

		const log = await sandbox.control.log();
		const rejected = log.filter((entry) => entry.status === 429);
		expect(rejected).toHaveLength(3);
		for (const entry of rejected) {
			const next = log.find((later) => later.seq > entry.seq);
			// Retry-After: 1 → the next request no sooner than a second later (10 ms for clock granularity)
			expect(next!.time - entry.time).toBeGreaterThanOrEqual(990);
		}
	});

	test('a 500 then success: the page is asked again, the list is complete', async () => {
		await sandbox.control.fault({ type: '500', count: 1, path: '/v1/guest-cards' });
		const outcome = await engineCall(credentialsOf(sandbox), LIST);
		expect(outcome.error).toBeUndefined();
		await expectNothingLostOrDoubled(idsOf(outcome.items));
		expect((await sandbox.control.log()).filter((entry) => entry.status === 500)).toHaveLength(1);
	});

	test('a dropped connection: the GET is sent again, the list is complete', async () => {
		await sandbox.control.fault({ type: 'drop', count: 1, path: '/v1/guest-cards' });
		const outcome = await engineCall(credentialsOf(sandbox), LIST);
		expect(outcome.error).toBeUndefined();
		await expectNothingLostOrDoubled(idsOf(outcome.items));
		expect((await sandbox.control.log()).filter((entry) => entry.fault === 'drop')).toHaveLength(1);
	});

	test('malformed JSON on a page: the page is asked again, the list is complete', async () => {
		await sandbox.control.fault({ type: 'malformed', count: 1, path: '/v1/guest-cards' });
		const outcome = await engineCall(credentialsOf(sandbox), LIST);
		expect(outcome.error).toBeUndefined();
		await expectNothingLostOrDoubled(idsOf(outcome.items));
		expect((await sandbox.control.log()).filter((entry) => entry.fault === 'malformed')).toHaveLength(1);
	});
});
