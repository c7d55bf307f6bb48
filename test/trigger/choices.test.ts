/**
 * Settings the trigger cannot honour are refused at activation and by Fetch Test Event, before anything
 * is sent, with the field named as the editor shows it: a choice outside its options (imported
 * workflows, expressions, AI-built workflows), and a number outside its range. Nothing is silently
 * replaced (before: Lookback "ten" read 14 days, -5 read 1; Look Ahead -3 read 0; Max Wait "ten" waited 40 s).
 */
import type { INodeParameters } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

async function refusal(parameters: INodeParameters, mode: 'activation' | 'fetchTestEvent') {
	const since = await lastLogSeq(sandbox);
	const trigger = new TriggerUnderTest(sandbox, parameters, '/v1/bills');
	const error = await (mode === 'activation' ? trigger.poll({ activation: true }) : trigger.fetchTestEvent()).then(
		() => undefined,
		(thrown: Error & { description?: string }) => thrown,
	);
	const sent = (await sandbox.control.log(since)).filter((entry) => entry.path.startsWith('/v1/'));
	return { error, sent };
}

describe.each(['activation', 'fetchTestEvent'] as const)('refused at %s, nothing sent', (mode) => {
	test.each([
		[
			'New Status "Complete"',
			{ event: 'workOrderStatus', statusFilter: ['Complete'] },
			'New Status has "Complete", which is not among its options: New, Estimate Requested, Estimated, Assigned, Scheduled, Waiting, Work Done, Ready to Bill, Completed, Completed No Need To Bill, Canceled',
		],
		['New Status "paid" of a bill', { event: 'billPaidOrApproved', statusFilter: ['paid'] }, 'New Status has "paid", which is not among its options: Approved, Paid'],
		[
			'Documents "insuranceExpires"',
			{ event: 'vendorDocumentExpiring', documents: ['liabilityInsExpires', 'insuranceExpires'] },
			/^Documents has "insuranceExpires", which is not among its options: .*Liability Insurance \(liabilityInsExpires\)/,
		],
		['an unknown event', { event: 'newLease' }, /^Trigger On has "newLease", which is not among its options: Bill Approved or Paid \(billPaidOrApproved\), /],
		['After a Pause not among its options', { event: 'bill', afterPause: 'catchUp' }, /^After a Pause has "catchUp", which is not among its options/],
		['an Event Types filter not among its options', { event: 'tenantEvent', filters: { eventType: ['Move-In'] } }, /^Filters → Event Types has "Move-In", which is not among its options: Move-In \(Move-in\)/],
		['Lookback that is text', { event: 'bill', options: { lookbackDays: 'ten' } }, 'Options → Lookback (Days) must be a whole number from 1 to 3660; it is "ten"'],
		['Lookback below 1', { event: 'bill', options: { lookbackDays: -5 } }, 'Options → Lookback (Days) must be a whole number from 1 to 3660; it is -5'],
		['Look Ahead below 0', { event: 'tenantEvent', options: { lookaheadDays: -3 } }, 'Options → Look Ahead (Days) must be a whole number from 0 to 3660; it is -3'],
		['Max Wait that is text', { event: 'bill', options: { maxWait: 'ten' } }, 'Options → Max Wait (Seconds) must be a number from 1 to 86400; it is "ten"'],
		['Past Due Above below 0', { event: 'rentPastDue', threshold: -1 }, 'Past Due Above must be a number of at least 0; it is -1'],
	])('%s', async (_, parameters, message) => {
		const { error, sent } = await refusal(parameters as INodeParameters, mode);
		expect(error?.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
		expect(error?.description).toMatch(/^Nothing was sent\./);
		expect(sent).toEqual([]);
	});
});

test('values within the options and ranges are taken as they are', async () => {
	const trigger = new TriggerUnderTest(sandbox, { event: 'bill', options: { lookbackDays: 3, maxWait: 30 } }, '/v1/bills');
	expect((await trigger.poll({ activation: true })).items).toBeNull();
});
