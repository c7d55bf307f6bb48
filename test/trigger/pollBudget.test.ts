/**
 * n8n's durable scheduler gives a poll a budget (getPollBudgetMs: its poll timeout less a margin) and
 * abandons a poll that runs longer, keeping nothing it learned. Every wait of the trigger ends within
 * the smaller of Max Wait and that budget; a Max Wait beyond the poll timeout is refused at activation.
 * Without a budget (n8n 1.x) Max Wait alone bounds the waits, as before.
 */
import type { IDataObject } from 'n8n-workflow';
import { NODE_NAME } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { itemsOf, lastLogSeq, LONGEST_FULL_READ_PERIOD_MS, requestsTo, serviceDate, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;
/** where n8n keeps the trigger's static data */
const STATE = `node:${NODE_NAME}`;

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

	/** The requests of a read that went on at a page's cursor. */
	function atCursor(entries: Array<{ query: Record<string, unknown> }>): number {
		return entries.filter((entry) => 'page[after]' in entry.query || 'cursor' in entry.query).length;
	}

	test('a window read longer than the budget stops paging in time and says which setting to raise; without a budget it goes to its last page', async () => {
		const since = await lastLogSeq(paged);
		// two months back: some 26 pages of 2 bills
		const parameters = { event: 'bill', options: { maxWait: 5, lookbackDays: 60 } };
		const trigger = new TriggerUnderTest(paged, parameters, '/v1/bills');
		// activation first waits for the service's refresh: what is left of the poll cannot tell whether the pages fit
		const activationStarted = Date.now();
		expect((await trigger.poll({ activation: true, pollBudgetMs: 8_000 })).items).toBeNull();
		expect(Date.now() - activationStarted).toBeLessThan(8_000 + 1_500);
		expect(trigger.persisted[STATE] ?? {}).toEqual({});
		// the next poll reads the refreshed snapshot from its first page: it had the whole budget
		const started = Date.now();
		const error = await trigger.poll({ pollBudgetMs: 8_000 }).then(
			() => {
				throw new Error('the poll did not fail');
			},
			(failure: Error & { description?: string }) => failure,
		);
		const elapsed = Date.now() - started;
		expect(error.message).toMatch(/^Reading the bills takes longer than n8n lets a poll run: after \d+ seconds, (about \d+ pages|more pages) were left$/);
		expect(error.description).toMatch(/N8N_SCHEDULER_POLL_TIMEOUT to at least \d+ seconds/);
		expect(elapsed).toBeLessThan(8_000 + 1_500);
		expect(trigger.memory[STATE] ?? {}).toEqual({});
		const pagesInBudget = (await requestsTo(paged, '/v1/bills', since)).length;
		// two polls of at most 8 s at one request a second
		expect(pagesInBudget).toBeLessThanOrEqual(18);

		// n8n 1.x, or 2.x's in-memory scheduler: no budget, every page is read and the present recorded
		const whole = new TriggerUnderTest(paged, parameters, '/v1/bills');
		const sinceWhole = await lastLogSeq(paged);
		expect((await whole.poll({ activation: true })).items).toBeNull();
		expect(Object.keys(whole.persisted)).not.toHaveLength(0);
		expect((await requestsTo(paged, '/v1/bills', sinceWhole)).length).toBeGreaterThan(pagesInBudget);
	});

	test('the unpaid bills dated before the window, more pages than a poll can read, are read over several polls in one snapshot: nothing old fires, a bill entered after activation fires once', async () => {
		const since = await lastLogSeq(paged);
		const trigger = new TriggerUnderTest(paged, { event: 'bill', options: { maxWait: 5 } }, '/v1/bills');
		// activation records the window, then as many pages of the open set as fit, and saves where it stopped
		const activationStarted = Date.now();
		expect((await trigger.poll({ activation: true, pollBudgetMs: 12_000 })).items).toBeNull();
		expect(Date.now() - activationStarted).toBeLessThan(12_000 + 1_500);
		expect(trigger.persisted).toHaveProperty([STATE, 'openUnderWay']);
		const late = await paged.control.inject<IDataObject>('bill', { billDate: serviceDate(-60), status: 'Unpaid' });

		const fired: IDataObject[] = [];
		let polls = 0;
		// the scheduler polls every minute; each poll goes on in the activation's snapshot until its last page
		while (polls < 20) {
			polls += 1;
			const started = Date.now();
			fired.push(...((await trigger.poll({ pollBudgetMs: 12_000 })).items ?? []).map((item) => item.json));
			expect(Date.now() - started).toBeLessThan(12_000 + 1_500);
			if (!(trigger.memory[STATE] as IDataObject | undefined)?.openUnderWay) break;
		}
		// (activation left the read under way: it went on over polls; under load the next poll may end it)
		expect(fired).toEqual([]);
		// the open set was read from its first page, then on at its cursor
		expect(atCursor(await requestsTo(paged, '/v1/bills', since))).toBeGreaterThan(0);

		// the next read of the open set, from a new snapshot, lists the bill entered after activation
		for (let poll = 0; poll < 20 && !fired.length; poll++) {
			const outcome = poll === 0 ? await trigger.pollAfterUpstreamChange() : await trigger.poll({ pollBudgetMs: 12_000 });
			fired.push(...(outcome.items ?? []).map((item) => item.json));
		}
		expect(fired.map((bill) => bill.upstreamId)).toEqual([late.upstreamId]);
		// and no later poll fires it again
		for (let poll = 0; poll < 6; poll++) expect((await trigger.poll({ pollBudgetMs: 12_000 })).items).toBeNull();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('the open work orders, more pages than a poll can read, are read over several polls: each status change fires once, also when the snapshot changes mid-read', async () => {
		const since = await lastLogSeq(paged);
		const parameters = { event: 'workOrderStatus', options: { maxWait: 5 } };
		const trigger = new TriggerUnderTest(paged, parameters, '/v1/work-orders');
		/**
		 * Polls as the scheduler does, each within its budget, until the open read has been read whole
		 * since `since` (a poll that meets a refresh still running reads nothing); what they fired.
		 */
		const pollsToTheEnd = async (since: number, between?: (poll: number) => Promise<void>) => {
			const fired: IDataObject[] = [];
			for (let poll = 0; poll < 30; poll++) {
				const started = Date.now();
				fired.push(...((await trigger.poll({ pollBudgetMs: 12_000 })).items ?? []).map((item) => item.json));
				expect(Date.now() - started).toBeLessThan(12_000 + 1_500);
				const state = trigger.memory[STATE] as { underWay?: unknown; reads?: Record<string, { readAt?: number } | null> } | undefined;
				if (!state?.underWay && Number(state?.reads?.[0]?.readAt) >= since) return { fired, polls: poll + 1 };
				await between?.(poll);
			}
			throw new Error('the open read did not end in 30 polls');
		};
		const open: IDataObject[] = [];
		for (let order = 0; order < 3; order++) open.push(await paged.control.inject<IDataObject>('workOrder', {}));
		await paged.control.expire('/v1/work-orders');
		const activationStarted = Date.now();
		expect((await trigger.poll({ activation: true, pollBudgetMs: 12_000 })).items).toBeNull();
		expect(Date.now() - activationStarted).toBeLessThan(12_000 + 1_500);
		expect(trigger.persisted).toHaveProperty([STATE, 'underWay']);
		const recording = await pollsToTheEnd(activationStarted);
		expect(recording.fired).toEqual([]);
		expect(atCursor(await requestsTo(paged, '/v1/work-orders', since))).toBeGreaterThan(0);

		const [closed, movedOn, movedMidRead] = open.map((order) => String(order.upstreamId));
		await paged.control.update('workOrder', closed, { status: 'Completed' });
		await paged.control.update('workOrder', movedOn, { status: 'Scheduled' });
		await paged.control.expire('/v1/work-orders');
		trigger.elapse(LONGEST_FULL_READ_PERIOD_MS);
		// after its first poll the service refreshes the list: the read goes on in its snapshot (or starts
		// over where the service no longer serves it), and the change made meanwhile fires at the latest
		// with the next read
		const changed = await pollsToTheEnd(Date.now(), async (poll) => {
			if (poll !== 0) return;
			await paged.control.update('workOrder', movedMidRead, { status: 'Scheduled' });
			await paged.control.expire('/v1/work-orders');
		});
		expect(changed.polls).toBeGreaterThan(1);
		// the order that closed is looked up once the read is whole: by the next read at the latest
		await paged.control.expire('/v1/work-orders');
		trigger.elapse(LONGEST_FULL_READ_PERIOD_MS);
		const next = await pollsToTheEnd(Date.now());
		const byOrder = (items: IDataObject[]) => items.map((order) => `${String(order.upstreamId)} ${String(order.previousStatus)} → ${String(order.status)}`).sort();
		const statusOf = (id: string) => String(open.find((order) => String(order.upstreamId) === id)?.status);
		expect(byOrder([...changed.fired, ...next.fired])).toEqual(
			[`${closed} ${statusOf(closed)} → Completed`, `${movedOn} ${statusOf(movedOn)} → Scheduled`, `${movedMidRead} ${statusOf(movedMidRead)} → Scheduled`].sort(),
		);
		expect((await trigger.poll({ pollBudgetMs: 12_000 })).items).toBeNull();
	}, 300_000);

	test('the unpaid bills, read by approval status over several polls: an approval and a payment each fire once', async () => {
		const trigger = new TriggerUnderTest(paged, { event: 'billPaidOrApproved', options: { maxWait: 12 } }, '/v1/bills');
		/** Polls within the budget until each of the three open reads has been read whole since; what they fired. */
		const pollsToTheEnd = async (since = Date.now()) => {
			const fired: IDataObject[] = [];
			for (let poll = 0; poll < 30; poll++) {
				const started = Date.now();
				fired.push(...((await trigger.poll({ pollBudgetMs: 12_000 })).items ?? []).map((item) => item.json));
				expect(Date.now() - started).toBeLessThan(12_000 + 1_500);
				const reads = Object.values(((trigger.memory[STATE] as IDataObject | undefined)?.reads ?? {}) as Record<string, IDataObject | null>);
				if (reads.length === 3 && reads.every((read) => Number(read?.readAt) >= since)) return { fired, polls: poll + 1 };
			}
			throw new Error('the open reads did not end in 30 polls');
		};
		const pending = await paged.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval', billDate: serviceDate(-3) });
		const approved = await paged.control.inject<IDataObject>('bill', { approvalStatus: 'Approved', billDate: serviceDate(-4) });
		await paged.control.expire('/v1/bills');
		const activated = Date.now();
		expect((await trigger.poll({ activation: true, pollBudgetMs: 12_000 })).items).toBeNull();
		expect(trigger.persisted).toHaveProperty([STATE, 'underWay']);
		const recording = await pollsToTheEnd(activated);
		expect(recording.fired).toEqual([]);
		expect(recording.polls).toBeGreaterThan(1);

		await paged.control.update('bill', String(pending.upstreamId), { approvalStatus: 'Approved' });
		await paged.control.update('bill', String(approved.upstreamId), { status: 'Paid' });
		const fired: IDataObject[] = [];
		// two rounds of reads: the paid bill is looked up among the paid ones once the reads are whole
		for (let round = 0; round < 2; round++) {
			await paged.control.expire('/v1/bills');
			trigger.elapse(LONGEST_FULL_READ_PERIOD_MS);
			fired.push(...(await pollsToTheEnd()).fired);
		}
		const changes = fired.map((bill) => `${String(bill.upstreamId)} ${(bill.changes as string[]).join(', ')}`).sort();
		expect(changes).toEqual([`${String(approved.upstreamId)} Paid`, `${String(pending.upstreamId)} Approved`].sort());
	}, 300_000);
});
