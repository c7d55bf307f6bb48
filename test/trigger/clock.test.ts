/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject } from 'n8n-workflow';
import { serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { startCraftedServer } from '../support/craftedServer';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/tenant-events';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

/**
 * A fixed-offset zone where it is now just past local midnight (already tomorrow by UTC) or in the
 * last hour before it (still yesterday by UTC), whichever exists at this UTC hour: the workflow's
 * calendar day differs from UTC's.
 */
function zoneAtMidnight(): { timeZone: string; offsetHours: number } {
	const utcHour = new Date().getUTCHours();
	const offsetHours = utcHour >= 10 ? 24 - utcHour : -(utcHour + 1);
	// Etc/GMT names count the other way round: Etc/GMT-14 is UTC+14
	return { timeZone: offsetHours > 0 ? `Etc/GMT-${offsetHours}` : `Etc/GMT+${-offsetHours}`, offsetHours };
}

describe('Property Management Trigger: the calendar day of the workflow', () => {
	test('at the midnight boundary the day is the workflow time zone’s: today’s event fires, tomorrow’s waits', async () => {
		const { timeZone, offsetHours } = zoneAtMidnight();
		const localToday = Math.floor((Date.now() + offsetHours * HOUR_MS) / DAY_MS);
		expect(localToday).not.toBe(Math.floor(Date.now() / DAY_MS));

		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { lookbackDays: 1, lookaheadDays: 0 } }, PATH, timeZone);
		await watcher.poll({ activation: true });
		// as the service lists it: under the hostile profile some of its fields, the date among them, may be null
		const today = asServed(sandbox, PATH, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDateOfDay(localToday) }));
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDateOfDay(localToday + 1) });

		const { items } = await watcher.pollAfterUpstreamChange();
		console.log(`workflow time zone ${timeZone}: local day ${serviceDateOfDay(localToday)}, UTC day ${serviceDateOfDay(Math.floor(Date.now() / DAY_MS))}`);
		// today's event alone, whole (tomorrow's differs in its tenant and occupancy even when both dates are null)
		expect(items?.map((item) => item.json)).toEqual([today]);
		const lastQuery = (await sandbox.control.log()).filter((entry) => entry.path === PATH).pop()?.query;
		expect(lastQuery?.dateTo).toBe(serviceDateOfDay(localToday));
	});

	test('"Fetch Test Event" returns the most recent event that is not in the future', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		const happenedToday = asServed(sandbox, PATH, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(0) }));
		await sandbox.control.inject('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(30) });
		await sandbox.control.expire(PATH);

		const { items } = await watcher.fetchTestEvent();
		expect(items).toHaveLength(1);
		// the most recent date up to today: today's, unless the service listed today's event without its date
		expect(dayOfServiceDate(items?.[0].json.occurredDate)).toEqual(happenedToday.occurredDate === null ? expect.any(Number) : dayOfServiceDate(happenedToday.occurredDate));
		expect(dayOfServiceDate(items?.[0].json.occurredDate)).toBeLessThanOrEqual(dayOfServiceDate(serviceDate(0)) as number);
		expect(watcher.memory).toEqual({});
	});

	test('"Fetch Test Event" passes over records whose date is null: the most recent dated one is the sample', async () => {
		const listed = [
			{ event: 'Notice', occurredDate: null, occupancy: { upstreamId: 1 } },
			{ event: 'Move-in', occurredDate: serviceDate(-1), occupancy: { upstreamId: 2 } },
			{ event: 'Move-in', occurredDate: serviceDate(-9), occupancy: { upstreamId: 3 } },
			{ event: 'Move-out', occurredDate: serviceDate(20), occupancy: { upstreamId: 4 } },
		];
		const lastUpdated = Math.floor(Date.now() / 1000);
		const server = await startCraftedServer((_request, url) => ({
			body: { meta: { status: 'ok', path: url.pathname, count: listed.length, page: 1, lastUpdated }, links: {}, data: listed },
		}));
		try {
			const watcher = new TriggerUnderTest({ url: server.url, key: 'crafted-key' }, { event: 'tenantEvent' }, PATH);
			const { items } = await watcher.fetchTestEvent();
			expect(items?.map((item) => item.json)).toEqual([listed[1]]);
		} finally {
			await server.close();
		}
	});
});
