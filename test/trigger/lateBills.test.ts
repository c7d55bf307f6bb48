/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Bills keyed in long after their bill date (issue 30, point 1): the open read (unpaid bills, any bill
 * date) catches what the full window, bounded by Lookback, cannot.
 */
import type { IDataObject } from 'n8n-workflow';
import { EVENT_DEFINITIONS } from '../../nodes/PropertyManagementTrigger/events';
import { shortHash } from '../../nodes/PropertyManagementTrigger/state';
import { dayOfServiceDate } from '../../nodes/PropertyManagementTrigger/days';
import { NODE_NAME } from '../support/n8n';
import { startTestSandbox, type RequestLogEntry, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, LONGEST_FULL_READ_PERIOD_MS, requestsTo, serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/bills';
const MINUTE = 60_000;
/** docs/trigger.md "Late bills": a bill of any date fires within 10 minutes on a small account */
const STATED_DELAY_MINUTES = 10;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

interface Emission {
	/** the trigger's clock since the first poll: simulated minutes plus the real time the polls took */
	afterMs: number;
	id: string;
	/** the sandbox log's last entry when the emitting poll ended */
	logSeq: number;
}

const isOpenRead = (entry: RequestLogEntry) => !('billDateFrom' in entry.query);

/**
 * n8n polls every minute for `minutes`. The service's copy ages with the trigger's clock: before each
 * poll it is expired, so a read that is due gets what the account holds now.
 */
async function pollEveryMinute(watcher: TriggerUnderTest, minutes: number): Promise<Emission[]> {
	const emitted: Emission[] = [];
	const start = Date.now();
	for (let minute = 1; minute <= minutes; minute++) {
		await sandbox.control.expire(PATH);
		watcher.elapse(MINUTE);
		const { items } = await watcher.poll();
		const afterMs = minute * MINUTE + Date.now() - start;
		const logSeq = items ? await lastLogSeq(sandbox) : 0;
		for (const item of items ?? []) emitted.push({ afterMs, id: String(item.json.upstreamId), logSeq });
	}
	return emitted;
}

/** Static data as the trigger saved it before the open read existed: no open read, no keys of bills dated before the window. */
function forgetOpenRead(watcher: TriggerUnderTest, billIds: string[]): void {
	const hashes = new Set(billIds.map((id) => shortHash(EVENT_DEFINITIONS.bill.dedupeKey({ upstreamId: id }, { dateChanges: false }))));
	for (const staticData of [watcher.memory, watcher.persisted]) {
		const state = staticData[`node:${NODE_NAME}`] as IDataObject;
		delete (state.reads as IDataObject).open;
		const seen = state.seen as Record<string, string>;
		for (const [day, packed] of Object.entries(seen)) {
			const kept = (packed.match(/.{8}/g) ?? []).filter((hash) => !hashes.has(hash));
			seen[day] = kept.join('');
		}
	}
}

describe('Property Management Trigger: bills entered late', () => {
	test('a bill dated 45 days back, entered after activation, fires once within the stated delay; nothing fires twice', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'bill' }, PATH);
		await watcher.poll({ activation: true });
		const late = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-45) });
		// inside the window and unpaid: both reads list it
		const inWindow = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-10) });
		const since = await lastLogSeq(sandbox);

		const minutes = 10;
		const emitted = await pollEveryMinute(watcher, minutes);
		const lateEmissions = emitted.filter((emission) => emission.id === String(late.upstreamId));
		const lateAt = lateEmissions.map((emission) => emission.afterMs);
		const requests = await requestsTo(sandbox, PATH, since);
		const openRequests = requests.filter(isOpenRead);
		const toMinutes = (ms: number) => (ms / MINUTE).toFixed(1);
		console.log(
			`late bill (dated 45 days back): emitted after ${lateAt.map(toMinutes).join(', ')} min of 1-minute polls; ` +
				`open read: ${openRequests.length} requests in ${minutes} polls, the rest (recent day, full window): ${requests.length - openRequests.length}`,
		);
		expect(lateAt).toHaveLength(1);
		expect(lateAt[0]).toBeLessThanOrEqual(STATED_DELAY_MINUTES * MINUTE);
		expect(emitted.map((emission) => emission.id).sort()).toEqual([String(late.upstreamId), String(inWindow.upstreamId)].sort());
		// after it fired, the open read and the full window read the bills again, and emitted neither again
		const later = requests.filter((entry) => entry.seq > lateEmissions[0].logSeq && entry.status === 200);
		expect(later.filter(isOpenRead).length).toBeGreaterThanOrEqual(2); // a read: the answer that starts a refresh, the fresh one
		expect(later.filter((entry) => entry.query.billDateFrom === serviceDate(-14)).length).toBeGreaterThanOrEqual(2);
		// at most one request a minute on average (schedule.ts)
		expect(openRequests.length).toBeLessThanOrEqual(minutes + 2);
	}, 300_000);

	test('state saved before the open read: its first read records the unpaid bills of any date, emits none; a late bill after it fires once', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'bill' }, PATH);
		await watcher.poll({ activation: true });
		const windowStart = (dayOfServiceDate(serviceDate(0)) as number) - 14;
		const oldUnpaid = (await sandbox.control.records<IDataObject>('bills')).filter(
			(bill) => (bill.status === 'Unpaid' || bill.status === 'Unused') && (dayOfServiceDate(bill.billDate) as number) < windowStart,
		);
		expect(oldUnpaid.length).toBeGreaterThan(0); // the seeded account has such bills
		forgetOpenRead(watcher, oldUnpaid.map((bill) => String(bill.upstreamId)));

		const ids = async () => ((await watcher.pollAfterUpstreamChange()).items ?? []).map((item) => String(item.json.upstreamId));
		expect(await ids()).toEqual([]); // the open read, never done: records
		const late = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-60) });
		const emitted = [...(await ids()), ...(await ids()), ...(await ids()), ...(await ids())];
		expect(emitted).toEqual([String(late.upstreamId)]);
	}, 300_000);

	test('the open read carries the filters; with Status Paid there is none', async () => {
		const approved = new TriggerUnderTest(sandbox, { event: 'bill', filters: { approvalStatus: 'Approved' } }, PATH);
		const paid = new TriggerUnderTest(sandbox, { event: 'bill', filters: { status: 'Paid' } }, PATH);
		const since = await lastLogSeq(sandbox);
		await approved.poll({ activation: true });
		await paid.poll({ activation: true });
		paid.elapse(LONGEST_FULL_READ_PERIOD_MS);
		await paid.poll();

		const openReads = (await requestsTo(sandbox, PATH, since)).filter(isOpenRead);
		expect(openReads.length).toBeGreaterThan(0);
		expect(openReads.every((entry) => entry.query.status === 'Unpaid' && entry.query.approvalStatus === 'Approved')).toBe(true);
	}, 120_000);
});
