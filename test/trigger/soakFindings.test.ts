/**
 * Defects the simulated year found (issue 49, test/trigger/soak.test.ts), each reduced to the few
 * steps that show it, against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Db } from '../../sandbox/db/db';
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

/** Staff move a tenant event's date (the control API's edit). */
async function moveEvent(event: IDataObject, occurredDate: string): Promise<void> {
	const where = { occupancy: (event.occupancy as IDataObject).upstreamId, tenant: (event.tenant as IDataObject).upstreamId, event: event.event };
	const response = await fetch(`${sandbox.url}/__sandbox/edit`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ kind: 'tenantEvent', where, set: { occurredDate } }),
	});
	expect(response.status).toBe(200);
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
	 * Finding 2, not fixed: a bill's or guest card's key is kept until its date falls behind the window;
	 * a record whose date was moved beyond Lookback (a correction, a card merged into an older lead) and
	 * comes back after that fires again. The tenant events' fix (keys kept a year) would keep every
	 * bill and card of a year (at 10,000 units tens of thousands of keys); keeping only the keys a full
	 * read stops listing inside the window needs care with the open set (unpaid bills dated before the
	 * window are listed by the open read only). The soak leaves such moves out (world.ts).
	 */
	test.failing('finding 2 (not fixed): a guest card moved beyond Lookback, forgotten, and moved back into the window fires again', async () => {
		jest.useFakeTimers({
			doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
			advanceTimers: true,
		});
		try {
			const trigger = new TriggerUnderTest(sandbox, { event: 'guestCard' }, '/v1/guest-cards');
			expect((await trigger.poll({ activation: true })).items).toBeNull();
			const card = await sandbox.control.inject<IDataObject>('guestCard', { received: serviceDate(0) });
			expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json.guestCardId)).toEqual([card.guestCardId]);

			const moveCard = (received: string) => {
				const cards = (sandbox.handle.state.db as Db).guestCards;
				const at = cards.findIndex((stored) => stored.guestCardId === card.guestCardId);
				cards[at] = { ...cards[at], received };
			};
			moveCard(serviceDate(-60));
			jest.setSystemTime(Date.now() + 16 * 86_400_000);
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
			moveCard(serviceDate(-2));
			expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
		} finally {
			jest.useRealTimers();
		}
	});
});
