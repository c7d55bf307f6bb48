/**
 * Defects the simulated year found (issue 49, test/trigger/soak.test.ts), each reduced to the few
 * steps that show it, against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';
import { EVENT_DEFINITIONS } from '../../nodes/PropertyManagementTrigger/events/recordLists';
import { SeenRecords, shortHash } from '../../nodes/PropertyManagementTrigger/newRecords/state';
import type { Db } from '../../sandbox/db/db';
import { billListRow } from '../../sandbox/resources/bill/data';
import { NODE_NAME } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/tenant-events';
const THREE_WEEKS_MS = 21 * 86_400_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

/** Staff move a tenant event's date (the control API's edit); `event` takes the new date. */
async function moveEvent(event: IDataObject, occurredDate: string): Promise<void> {
	// with its date: the seeded account may hold an event of the same type for that tenant
	const where = { occupancy: (event.occupancy as IDataObject).upstreamId, tenant: (event.tenant as IDataObject).upstreamId, event: event.event, occurredDate: event.occurredDate };
	const response = await fetch(`${sandbox.url}/__sandbox/edit`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ kind: 'tenantEvent', where, set: { occurredDate } }),
	});
	expect(response.status).toBe(200);
	event.occurredDate = occurredDate;
}

describe('soak findings', () => {
	test('After a Pause (Start From Now) keeps the events emitted before it: one rescheduled beyond Look Ahead does not fire again when it comes back', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const moveOut = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-out', occurredDate: serviceDate(5) });
		expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json.occupancy)).toEqual([moveOut.occupancy]);

		// rescheduled half a year on, then the workflow is off for three weeks and switched on again
		await moveEvent(moveOut, serviceDate(150));
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		trigger.elapse(THREE_WEEKS_MS);
		await sandbox.control.expire(PATH);
		expect((await trigger.poll({ activation: true })).items).toBeNull();

		// back to its first date: the same move-out, emitted before the pause
		await moveEvent(moveOut, serviceDate(6));
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	/**
	 * Finding 4 (the soak's open question, "Option changes" in docs/trigger.md): a full read after Look
	 * Ahead was narrowed still covers the wider span the last full read left (coveredSpan); it recorded
	 * an event it listed beyond the narrowed Look Ahead, entered after the last full read under the wider
	 * one, as seen, so the event never fired when its date came within the window.
	 */
	test('Look Ahead narrowed 30 → 14: an event entered beyond 14 days after the last full read under 30 fires once it comes within the window; one emitted before does not fire again', async () => {
		const lookahead = (lookaheadDays: number) => ({ event: 'tenantEvent', options: { lookaheadDays } });
		const occupancies = (outcome: { items: Array<{ json: IDataObject }> | null }) => (outcome.items ?? []).map((item) => item.json.occupancy);
		const trigger = new TriggerUnderTest(sandbox, lookahead(30), PATH);
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const emitted = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(20) });
		expect(occupancies(await trigger.pollAfterUpstreamChange())).toEqual([emitted.occupancy]);

		const entered = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(20) });
		trigger.parameters = lookahead(14);
		// the edit's first full read lists it (it covers 30 days) and emits nothing beyond 14
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();

		// both rescheduled into the window: the one never emitted fires, once
		await moveEvent(entered, serviceDate(10));
		await moveEvent(emitted, serviceDate(9));
		expect(occupancies(await trigger.pollAfterUpstreamChange())).toEqual([entered.occupancy]);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();

		// widened back and both moved beyond 14 days and back again: nothing fires a second time
		trigger.parameters = lookahead(30);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		await moveEvent(entered, serviceDate(25));
		await moveEvent(emitted, serviceDate(25));
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		await moveEvent(entered, serviceDate(3));
		await moveEvent(emitted, serviceDate(3));
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	/**
	 * Finding 3 (the soak's package upgrade): an unpaid bill without an id, dated before the window, is
	 * listed by the open read only. State saved by version 2 keyed it by its whole content; the first
	 * full read after the upgrade moves the keys of the records it lists to version 3 and ends the
	 * carry-over, so the open read that followed no longer found the bill's old key and fired it again.
	 * The open read now also looks for a record's version-2 key.
	 */
	test('an unpaid bill without an id, dated before the window, carried over from version 2, does not fire again at the first open read after the upgrade', async () => {
		const db = () => sandbox.handle.state.db as Db;
		const trigger = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
		const injected = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-60), status: 'Unpaid', reference: 'FINDING-3' });
		const at = db().bills.findIndex((stored) => String(stored.detail.upstreamId) === String(injected.upstreamId));
		db().bills[at] = { ...db().bills[at], detail: { ...db().bills[at].detail, upstreamId: null as unknown as string } };
		await sandbox.control.expire('/v1/bills');
		expect((await trigger.poll({ activation: true })).items).toBeNull();

		// what version 2 saved: the same keys (a bill's id is its key in both), this bill by its whole content as listed, no dated keys
		const row = billListRow(db(), db().bills[at]) as unknown as IDataObject;
		const newKey = shortHash(EVENT_DEFINITIONS.bill.dedupeKey(row, { dateChanges: false }));
		const state = trigger.memory[`node:${NODE_NAME}`] as IDataObject;
		const dayOfKey = new Map<string, number>();
		for (const json of [state.seen, state.dated] as Array<Record<string, string> | undefined>) {
			for (const [day, hashes] of Object.entries(json ?? {})) for (let from = 0; from < hashes.length; from += 8) dayOfKey.set(hashes.slice(from, from + 8), Number(day));
		}
		expect(dayOfKey.has(newKey)).toBe(true);
		dayOfKey.set(shortHash(EVENT_DEFINITIONS.bill.carriedKeys(row)[0]), dayOfKey.get(newKey)!);
		dayOfKey.delete(newKey);
		const seen = new SeenRecords();
		for (const [hash, day] of dayOfKey) seen.add(hash, day);
		trigger.memory[`node:${NODE_NAME}`] = { version: 2, scope: state.scope, checkpoint: state.checkpoint, span: state.span, reads: state.reads, seen: seen.toJson() };

		// the upgrade's first full read, then the open read
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		expect((trigger.memory[`node:${NODE_NAME}`] as IDataObject).legacyKeys).toBeUndefined();
	});

	/**
	 * Finding 7 (the soak's package upgrade; the year's seed 1, cut at 60 days): version 2 kept a bill
	 * without an id by its whole content as it listed it. A workflow filtered on Status = Unpaid knew a
	 * bill only unpaid; paid at the upgrade, the first full read did not list it and ended the carry-over,
	 * so when its payment was voided later its version-2 key was no longer looked for and it fired again.
	 * Every read now looks for a record's version-2 key, as long as the state holds it; once its record's
	 * own key is recorded, the older key is dropped, so that it hides no look-alike entered later.
	 */
	test.each([
		['Status = Unpaid', { filters: { status: 'Unpaid' } }, ['Unpaid']],
		['no filter', {}, ['Unpaid', 'Paid']],
	])('a bill without an id (%s), paid when the package was upgraded over version-2 state, does not fire again when its payment is voided after the first full read; the same bill entered again fires', async (_label, filters, listedAs) => {
		const db = () => sandbox.handle.state.db as Db;
		const trigger = new TriggerUnderTest(sandbox, { event: 'bill', ...filters }, '/v1/bills');
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const reference = `FINDING-7-${listedAs.length}`;
		const injected = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(20), status: 'Unpaid', reference });
		const at = db().bills.findIndex((stored) => String(stored.detail.upstreamId) === String(injected.upstreamId));
		const editBill = (change: IDataObject) => {
			db().bills[at] = { ...db().bills[at], detail: { ...db().bills[at].detail, ...change } };
		};
		editBill({ upstreamId: null as unknown as string });
		// the full window and the open bills are read in turn
		const fired = [...((await trigger.pollAfterUpstreamChange()).items ?? []), ...((await trigger.pollAfterUpstreamChange()).items ?? [])];
		expect(fired.map((item) => item.json.reference)).toEqual([reference]);
		const rowAs = (status: string) => ({ ...billListRow(db(), db().bills[at]), status }) as unknown as IDataObject;
		const newKey = shortHash(EVENT_DEFINITIONS.bill.dedupeKey(rowAs('Unpaid'), { dateChanges: false }));
		editBill({ status: 'Paid', payDate: serviceDate(0) });
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();

		// what version 2 saved: the same keys (a bill's id is its key in both), this bill by its whole content as the workflow listed it
		const state = trigger.memory[`node:${NODE_NAME}`] as IDataObject;
		const dayOfKey = new Map<string, number>();
		for (const json of [state.seen, state.dated] as Array<Record<string, string> | undefined>) {
			for (const [day, hashes] of Object.entries(json ?? {})) for (let from = 0; from < hashes.length; from += 8) dayOfKey.set(hashes.slice(from, from + 8), Number(day));
		}
		const day = dayOfKey.get(newKey)!;
		expect(day).toBeDefined();
		dayOfKey.delete(newKey);
		for (const status of listedAs) dayOfKey.set(shortHash(EVENT_DEFINITIONS.bill.carriedKeys(rowAs(status))[0]), day);
		const seen = new SeenRecords();
		for (const [hash, onDay] of dayOfKey) seen.add(hash, onDay);
		trigger.memory[`node:${NODE_NAME}`] = { version: 2, scope: state.scope, checkpoint: state.checkpoint, span: state.span, reads: state.reads, seen: seen.toJson() };
		trigger.persisted = trigger.memory;

		// n8n restarts on the new version: the first full read, then the open bills
		await sandbox.control.expire('/v1/bills');
		expect((await trigger.poll({ activationMode: 'init' })).items).toBeNull();
		expect((trigger.memory[`node:${NODE_NAME}`] as IDataObject).legacyKeys).toBeUndefined();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		editBill({ status: 'Unpaid', payDate: null });
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();

		// the same bill entered a second time: the older key stood for the first one only
		db().bills.push(structuredClone(db().bills[at]));
		const again = [...((await trigger.pollAfterUpstreamChange()).items ?? []), ...((await trigger.pollAfterUpstreamChange()).items ?? [])];
		expect(again.map((item) => item.json.reference)).toEqual([reference]);
	});

	/**
	 * Finding 2: a bill's or guest card's key was kept only until its date fell behind the window, so a
	 * record whose date was moved beyond Lookback (a correction, a card merged into an older lead) and
	 * came back after that fired again. Now a full read that no longer lists a key where its date was
	 * (inside the window) keeps it a year (MOVED_RECORD_KEEP_DAYS), as a tenant event's is kept.
	 */
	describe('a bill or guest card moved beyond Lookback and back into the window after its old date left the window fires no second time', () => {
		const DAY_MS = 86_400_000;
		/** the latest instant a test reached: the next one starts there, since the sandbox's snapshots and the engine's pacing never see time run back */
		let latestNow = 0;

		beforeEach(() => {
			// only Date is faked: days pass for the sandbox and the trigger alike
			jest.useFakeTimers({
				doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
				advanceTimers: true,
			});
			jest.setSystemTime(Math.max(Date.now(), latestNow));
		});

		afterEach(() => {
			latestNow = Date.now();
			jest.useRealTimers();
		});

		const db = () => sandbox.handle.state.db as Db;

		test('a guest card', async () => {
			const trigger = new TriggerUnderTest(sandbox, { event: 'guestCard' }, '/v1/guest-cards');
			expect((await trigger.poll({ activation: true })).items).toBeNull();
			const card = await sandbox.control.inject<IDataObject>('guestCard', { received: serviceDate(0) });
			expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json.guestCardId)).toEqual([card.guestCardId]);

			const moveCard = (received: string) => {
				const cards = db().guestCards;
				const at = cards.findIndex((stored) => stored.guestCardId === card.guestCardId);
				cards[at] = { ...cards[at], received };
			};
			// merged into a lead of two months ago; its old date leaves the window 16 days later
			moveCard(serviceDate(-60));
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
			jest.setSystemTime(Date.now() + 16 * DAY_MS);
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
			moveCard(serviceDate(-2));
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		});

		test('unpaid bills dated before the window do not fire again when, after more than Lookback days without polls, the full window is read before the open bills', async () => {
			const trigger = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
			expect((await trigger.poll({ activation: true })).items).toBeNull();
			// n8n down (or the workflow paused, Emit What Arrived) for 16 days: both reads are due, the full window goes first
			jest.setSystemTime(Date.now() + 16 * DAY_MS);
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		});

		test('a bill, paid while dated before the window (the open read stops listing it)', async () => {
			const trigger = new TriggerUnderTest(sandbox, { event: 'bill' }, '/v1/bills');
			// the full window and the open bills are read in turn: two polls read both
			const pollBothReads = async () => [...((await trigger.pollAfterUpstreamChange()).items ?? []), ...((await trigger.pollAfterUpstreamChange()).items ?? [])];
			expect((await trigger.poll({ activation: true })).items).toBeNull();
			const bill = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(0), status: 'Unpaid' });
			expect((await pollBothReads()).map((item) => item.json.upstreamId)).toEqual([bill.upstreamId]);

			const editBill = (change: IDataObject) => {
				const bills = db().bills;
				const at = bills.findIndex((stored) => String(stored.detail.upstreamId) === String(bill.upstreamId));
				bills[at] = { ...bills[at], detail: { ...bills[at].detail, ...change } };
			};
			// its date corrected to two months ago, still unpaid: the open read lists it, the full window not
			editBill({ billDate: serviceDate(-60) });
			expect(await pollBothReads()).toEqual([]);
			editBill({ status: 'Paid', payDate: serviceDate(0) });
			expect(await pollBothReads()).toEqual([]);
			jest.setSystemTime(Date.now() + 16 * DAY_MS);
			expect(await pollBothReads()).toEqual([]);
			// corrected back: the bill emitted before
			editBill({ billDate: serviceDate(-2) });
			expect(await pollBothReads()).toEqual([]);
		});
	});
});
