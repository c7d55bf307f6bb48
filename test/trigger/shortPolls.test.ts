/**
 * Status events whose polls hold one read each (a Max Wait of two seconds, or a large account's reads
 * against n8n's poll budget): what a poll has no time for is moved on by the next, so a change still
 * fires, once. A record gone from its open read is looked for among the closed ones a read per poll,
 * each poll going on from the read the last one had no time for.
 */
import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { activeTrigger, lastLogSeq, requestsTo, type TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 0, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

/** Polls after it fired: none fires it again. */
const POLLS_AFTER = 4;

/**
 * Polls a minute apart, the bills' snapshots expired before each, up to `minutes` or POLLS_AFTER past
 * the first that fired `id` (a loaded machine gets fewer polls fresh within the Max Wait); the minutes at
 * which `id` fired, and the closed reads made (their approval status).
 */
async function pollMinutes(trigger: TriggerUnderTest, id: string, minutes: number, change: (minute: number) => Promise<void>) {
	const fired: number[] = [];
	const closedReads = new Set<string>();
	for (let minute = 1; minute <= minutes && (fired.length === 0 || minute <= fired[0] + POLLS_AFTER); minute++) {
		trigger.elapse(60_000);
		await sandbox.control.expire('/v1/bills');
		const since = await lastLogSeq(sandbox);
		const items = (await trigger.poll()).items ?? [];
		for (const entry of await requestsTo(sandbox, '/v1/bills', since)) if (entry.query.status === 'Paid') closedReads.add(String(entry.query.approvalStatus));
		for (const item of items) if (String(item.json.upstreamId) === id) fired.push(minute);
		await change(minute);
	}
	return { fired, closedReads: [...closedReads].sort() };
}

async function shortTrigger(): Promise<TriggerUnderTest> {
	const trigger = await activeTrigger(sandbox, { event: 'billPaidOrApproved', options: { maxWait: 30 } }, '/v1/bills');
	trigger.parameters = { event: 'billPaidOrApproved', options: { maxWait: 2 } };
	return trigger;
}

test('Bill Approved or Paid with Max Wait 2 s: a bill paid while pending approval is found in the second closed read, its payment fires once', async () => {
	const trigger = await shortTrigger();
	const bill = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval' });
	const id = String(bill.upstreamId);
	const { fired, closedReads } = await pollMinutes(trigger, id, 40, async (minute) => {
		if (minute === 2) await sandbox.control.update('bill', id, { status: 'Paid' });
	});
	// each poll holds one read: the paid approved bills, then the paid ones pending approval, where it is
	expect(fired).toHaveLength(1);
	expect(closedReads).toEqual(['Approved', 'Pending Approval']);
});

test('Bill Approved or Paid with Max Wait 2 s: a bill approved while its reads alternate fires its approval once', async () => {
	const trigger = await shortTrigger();
	const bill = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval' });
	const id = String(bill.upstreamId);
	const { fired } = await pollMinutes(trigger, id, 40, async (minute) => {
		if (minute === 3) await sandbox.control.update('bill', id, { approvalStatus: 'Approved' });
	});
	expect(fired).toHaveLength(1);
});
