/**
 * Lease End Approaching and Rent Past Due under n8n's durable scheduler: the rent roll is read whole,
 * and a large account's has more pages than one poll's budget lets it read (about 178 at 10,000
 * units). The read goes on at the next polls, in the same snapshot, and is processed as one read when
 * its last page is in: nothing fires before, and nothing of the recording read fires at all.
 */
import type { IDataObject } from 'n8n-workflow';
import { NODE_NAME } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { currentOccupancy, itemsOf, lastLogSeq, LONGEST_FULL_READ_PERIOD_MS, paidUpOccupancy, requestsTo, serviceDate, TriggerUnderTest } from './harness';

/** where n8n keeps the trigger's static data */
const STATE = `node:${NODE_NAME}`;
const RENT_ROLL = '/v1/rent-roll';
/** a poll budget that holds some 6 pages at the service's one request a second */
const BUDGET_MS = 8_000;
/** what a poll may take beyond its budget: the last page asked for before the budget ended, and the state written */
const BUDGET_SLACK_MS = 1_500;

// pages of 25 rows: the default portfolio's rent roll (343 units) is some 14 pages, two or three polls
let paged: TestSandbox;

beforeAll(async () => {
	paged = await startTestSandbox({ jobSeconds: 0, pageSize: 25 });
});

afterAll(async () => {
	await paged?.close();
});

interface PollSeen {
	/** what the poll emitted, as JSON */
	fired: IDataObject[];
	/** a read was under way after the poll */
	underWay: boolean;
	ms: number;
}

function underWayOf(trigger: TriggerUnderTest): IDataObject | undefined {
	return (trigger.memory[STATE] as IDataObject | undefined)?.underWay as IDataObject | undefined;
}

/** One poll with the budget, timed; each ends within its budget. */
async function budgetPoll(trigger: TriggerUnderTest, activation = false): Promise<PollSeen> {
	const started = Date.now();
	const { items } = await trigger.poll({ activation, pollBudgetMs: BUDGET_MS });
	const ms = Date.now() - started;
	expect(ms).toBeLessThan(BUDGET_MS + BUDGET_SLACK_MS);
	return { fired: (items ?? []).map((item) => item.json), underWay: underWayOf(trigger) !== undefined, ms };
}

/** Polls, as the scheduler does a minute apart, until the read under way has read its last page. */
async function readThrough(trigger: TriggerUnderTest, seen: PollSeen[] = []): Promise<PollSeen[]> {
	while (seen.length < 12 && (seen.length === 0 || seen[seen.length - 1].underWay)) seen.push(await budgetPoll(trigger));
	expect(seen[seen.length - 1].underWay).toBe(false);
	return seen;
}

/** Activation and the polls after it until the recording read is complete: more than one poll, nothing fires. */
async function activate(trigger: TriggerUnderTest): Promise<PollSeen[]> {
	const activation = await budgetPoll(trigger, true);
	expect(activation.fired).toEqual([]);
	// activation saved where its read stopped, no entry yet
	expect(trigger.persisted[STATE]).toEqual(expect.objectContaining({ entries: {}, reads: {}, underWay: expect.objectContaining({ day: expect.any(Number) }) }));
	const polls = await readThrough(trigger);
	expect(polls.flatMap((poll) => poll.fired)).toEqual([]);
	expect((trigger.memory[STATE] as IDataObject).reads).toEqual({ full: expect.objectContaining({ lastUpdated: expect.any(Number) }) });
	return [activation, ...polls];
}

/** The rent roll changed upstream and its period passed: the next polls read it again. */
async function rentRollDue(trigger: TriggerUnderTest): Promise<void> {
	await paged.control.expire(RENT_ROLL);
	trigger.elapse(LONGEST_FULL_READ_PERIOD_MS);
}

/** What the polls fired for `occupancy`, and at which poll. */
function firedFor(seen: PollSeen[], occupancy: string): Array<{ poll: number; json: IDataObject }> {
	return seen.flatMap((poll, index) => (itemsOf(poll.fired.map((json) => ({ json })), 'occupancyId', occupancy) ?? []).map(({ json }) => ({ poll: index, json })));
}

/** The requests of a read that went on at a page's cursor, and those of its first page. */
function pagesAsked(entries: Array<{ query: Record<string, unknown> }>): { atCursor: number; first: number } {
	const atCursor = entries.filter((entry) => 'page[after]' in entry.query || 'cursor' in entry.query).length;
	return { atCursor, first: entries.length - atCursor };
}

/**
 * The service refreshes the rent roll now, as another reader's request would make it: the snapshot the
 * trigger's read under way reads is superseded.
 */
async function replaceRentRollSnapshot(query: Record<string, unknown>, replaced: number): Promise<void> {
	await paged.control.expire(RENT_ROLL);
	const url = `${paged.url}${RENT_ROLL}?${new URLSearchParams(query as Record<string, string>).toString()}`;
	for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
		const response = await fetch(url, { headers: { 'X-API-Key': paged.key } });
		const { meta } = (await response.json()) as { meta?: { status?: string; lastUpdated?: number } };
		if (response.ok && meta?.status === 'ok' && meta.lastUpdated !== replaced) return;
		// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code, never shipped: a pause between two looks at the sandbox
		await new Promise((resolve) => setTimeout(resolve, 1_100));
	}
	throw new Error('the sandbox did not refresh the rent roll within 15 s');
}

describe('the rent roll, more pages than the poll budget has seconds, is read over several polls in one snapshot', () => {
	test('Lease End Approaching: activation records over several polls, nothing fires; a lease reaching the horizon after activation fires once, when the read that saw it completes', async () => {
		const occupancy = await currentOccupancy(paged, 0);
		await paged.control.update('occupancy', occupancy, { leaseTo: serviceDate(365) });
		await paged.control.expire(RENT_ROLL);
		const since = await lastLogSeq(paged);
		const trigger = new TriggerUnderTest(paged, { event: 'leaseEnding', horizonDays: '60', options: { maxWait: 5 } }, RENT_ROLL);
		const recording = await activate(trigger);
		expect(recording.length).toBeGreaterThan(1);
		// the polls after activation went on at a page's cursor; one first page each for activation's read
		const asked = pagesAsked(await requestsTo(paged, RENT_ROLL, since));
		expect(asked.atCursor).toBeGreaterThan(0);

		await paged.control.update('occupancy', occupancy, { leaseTo: serviceDate(50) });
		await rentRollDue(trigger);
		const reading = await readThrough(trigger);
		expect(reading.length).toBeGreaterThan(1);
		// nothing fires while the read is under way; the lease fires at the poll that read the last page
		expect(reading.slice(0, -1).flatMap((poll) => poll.fired)).toEqual([]);
		expect(firedFor(reading, occupancy).map(({ poll, json }) => [poll, String(json.occupancyId), json.horizonDays, json.daysLeft])).toEqual([
			[reading.length - 1, occupancy, 60, 50],
		]);

		// read again from a new snapshot: it has fired already
		await rentRollDue(trigger);
		expect(firedFor(await readThrough(trigger), occupancy)).toEqual([]);
	}, 600_000);

	test('Rent Past Due: an occupancy going past due after activation fires once, also when the service replaces the snapshot in the middle of the read, which starts over', async () => {
		const occupancy = await paidUpOccupancy(paged, 1);
		const trigger = new TriggerUnderTest(paged, { event: 'rentPastDue', threshold: 100, options: { maxWait: 5 } }, RENT_ROLL);
		await activate(trigger);

		await paged.control.update('occupancy', occupancy, { charge: '150.00' });
		await rentRollDue(trigger);
		const since = await lastLogSeq(paged);
		const first = await budgetPoll(trigger);
		expect(first).toEqual(expect.objectContaining({ fired: [], underWay: true }));
		const readBefore = underWayOf(trigger)?.read as IDataObject;
		const [firstPage] = await requestsTo(paged, RENT_ROLL, since);
		await replaceRentRollSnapshot(firstPage.query, Number(readBefore.lastUpdated));

		const sinceReplaced = await lastLogSeq(paged);
		const reading = await readThrough(trigger, [first]);
		// the poll after the replacement could not go on at its cursor: the read started over at its first page
		const asked = pagesAsked(await requestsTo(paged, RENT_ROLL, sinceReplaced));
		expect(asked.first).toBeGreaterThanOrEqual(1);
		expect((trigger.memory[STATE] as { reads: { full: IDataObject } }).reads.full.lastUpdated).not.toBe(readBefore.lastUpdated);
		expect(reading.slice(0, -1).flatMap((poll) => poll.fired)).toEqual([]);
		expect(firedFor(reading, occupancy).map(({ poll, json }) => [poll, String(json.occupancyId), json.pastDueAmount, json.threshold])).toEqual([
			[reading.length - 1, occupancy, 150, 100],
		]);

		// still past due at the next read: it does not fire again
		await rentRollDue(trigger);
		expect(firedFor(await readThrough(trigger), occupancy)).toEqual([]);
	}, 600_000);
});
