/**
 * Issue 45, 2 and 5: records whose date leaves the trigger's window and comes back, over months, and
 * state of an earlier version whose first full read meets an unchanged snapshot. The service is a
 * crafted one that answers the window the trigger asks for; days pass for the trigger by moving every
 * day its state holds into the past (`passDays`), as the same state would read that many days later.
 */
import type { IDataObject } from 'n8n-workflow';
import { serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { contentIdentity } from '../../nodes/PropertyManagementTrigger/events/identity';
import { SeenRecords, shortHash } from '../../nodes/PropertyManagementTrigger/newRecords/state';
import { startCraftedServer, type CraftedServer } from '../support/craftedServer';
import { LONGEST_FULL_READ_PERIOD_MS, TriggerUnderTest } from './harness';

const STATE = 'node:Property Management';
const DAY_MS = 86_400_000;
const crafted: CraftedServer[] = [];

afterAll(async () => {
	for (const server of crafted) await server.close();
});

/** Today's day number in UTC (the workflows of these tests run in UTC). */
const realToday = () => Math.floor(Date.now() / DAY_MS);

/**
 * A service whose records are dated in the trigger's days: `virtualToday` days have passed for the
 * trigger, so a record dated on day d is served as `d - virtualToday` days from the real today. It
 * answers the window asked for (dateFrom/dateTo, billDateFrom/billDateTo) and the open set (status).
 */
async function windowedService(dateField: string, from: string, to: string) {
	const records: Array<{ day: number; record: IDataObject }> = [];
	let virtualToday = 0;
	let lastUpdated = Math.floor(Date.now() / 1000);
	const served = ({ day, record }: { day: number; record: IDataObject }) => ({ ...record, [dateField]: serviceDateOfDay(realToday() + day - virtualToday) });
	const server = await startCraftedServer((_request, url) => {
		const bound = (name: string) => dayOfServiceDate(url.searchParams.get(name));
		const [low, high, status] = [bound(from), bound(to), url.searchParams.get('status')];
		const data = records.map(served).filter((record) => {
			const day = dayOfServiceDate(record[dateField]) as number;
			return (low === undefined || day >= low) && (high === undefined || day <= high) && (!status || record.status === status);
		});
		return { body: { meta: { status: 'ok', path: url.pathname, count: data.length, page: 1, lastUpdated }, links: { next: null }, data } };
	});
	crafted.push(server);
	return {
		records,
		url: server.url,
		changed: () => (lastUpdated += 1),
		passDays(watcher: TriggerUnderTest, days: number) {
			virtualToday += days;
			passDays(watcher, days);
		},
	};
}

/** The trigger's state as it would be read `days` later: every day and instant it holds moves back. */
function passDays(watcher: TriggerUnderTest, days: number): void {
	for (const staticData of new Set([watcher.memory, watcher.persisted])) {
		const state = staticData[STATE] as IDataObject | undefined;
		if (!state) continue;
		state.checkpoint = Number(state.checkpoint) - days;
		const seen = state.seen as Record<string, string>;
		state.seen = Object.fromEntries(Object.entries(seen).map(([day, hashes]) => [String(Number(day) - days), hashes]));
	}
	watcher.elapse(days * DAY_MS);
}

/** A full read of the service as it is now (a new snapshot), as its refresh would give. */
async function fullRead(service: { changed(): void }, watcher: TriggerUnderTest) {
	service.changed();
	watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
	return (await watcher.poll()).items;
}

const MOVE_OUT: IDataObject = {
	event: 'Move-out',
	occupancy: { upstreamId: 7001 },
	tenant: { upstreamId: 9001, name: 'Dana Reyes' },
	unit: { upstreamId: 501 },
	property: { upstreamId: 101 },
};

describe('Property Management Trigger: a tenant event whose date leaves the window and comes back', () => {
	// Lookback 14 and Look Ahead 60 days (the defaults); each case is months of days for the trigger
	test.each([
		['beyond Look Ahead (+170 days) on day 20', 190],
		['beyond Lookback (200 days back) on day 20', -180],
	])('fires once: moved %s, back into the window on day 110', async (_label, movedToDay) => {
		const service = await windowedService('occurredDate', 'dateFrom', 'dateTo');
		const watcher = new TriggerUnderTest({ url: service.url, key: 'crafted-key' }, { event: 'tenantEvent' }, '/v1/tenant-events');
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		service.records.push({ day: 10, record: MOVE_OUT });
		expect((await fullRead(service, watcher))?.map((item) => item.json.event)).toEqual(['Move-out']);

		service.passDays(watcher, 20);
		service.records[0].day = movedToDay;
		expect(await fullRead(service, watcher)).toBeNull();
		// months of polls while the record is out of the window: its old date falls behind Lookback
		for (let day = 20; day < 110; day += 15) {
			service.passDays(watcher, 15);
			expect(await fullRead(service, watcher)).toBeNull();
		}
		service.records[0].day = 120;
		expect(await fullRead(service, watcher)).toBeNull();
		// and again, further and back
		service.records[0].day = 400;
		expect(await fullRead(service, watcher)).toBeNull();
		service.passDays(watcher, 30);
		service.records[0].day = 150;
		expect(await fullRead(service, watcher)).toBeNull();
	});

	test('the state stays bounded: a moved-away event is forgotten a year after it was last listed, an emitted one kept that long', async () => {
		const service = await windowedService('occurredDate', 'dateFrom', 'dateTo');
		const watcher = new TriggerUnderTest({ url: service.url, key: 'crafted-key' }, { event: 'tenantEvent' }, '/v1/tenant-events');
		await watcher.poll({ activation: true });
		service.records.push({ day: 5, record: MOVE_OUT });
		await fullRead(service, watcher);
		const seenKeys = () => SeenRecords.fromJson((watcher.memory[STATE] as IDataObject).seen).size;
		const keysWhileListed = seenKeys();
		service.records[0].day = 1_000;
		for (let day = 0; day < 360; day += 60) {
			service.passDays(watcher, 60);
			await fullRead(service, watcher);
		}
		// its identity is kept (its key on its old day is not: that day left the window)
		expect(seenKeys()).toBe(keysWhileListed - 1);
		service.passDays(watcher, 60);
		await fullRead(service, watcher);
		expect(seenKeys()).toBe(0);
	});
});

describe('Property Management Trigger: state of an earlier version whose first full read is of an unchanged snapshot', () => {
	test('version-2 state with an id-less paid bill: the keys move to version 3 on that read, and the bill never fires again', async () => {
		const service = await windowedService('billDate', 'billDateFrom', 'billDateTo');
		const bill: IDataObject = { upstreamId: null, vendorId: 'V-1', payeeName: 'Acme Plumbing', reference: 'INV-77', status: 'Paid', amount: '120.00' };
		service.records.push({ day: -3, record: bill });
		const watcher = new TriggerUnderTest({ url: service.url, key: 'crafted-key' }, { event: 'bill' }, '/v1/bills');
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		// what version 2 stored for the bill: its whole content, and nothing of version 3
		const state = watcher.memory[STATE] as IDataObject;
		const served = { ...bill, billDate: serviceDateOfDay(realToday() - 3) };
		const version2 = new SeenRecords();
		version2.add(shortHash(contentIdentity(served)), realToday() - 3);
		watcher.memory[STATE] = { ...state, version: 2, legacyKeys: undefined, seen: version2.toJson(), dated: undefined };

		// the first full read after the upgrade: the snapshot it read at activation, unchanged
		watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
		expect((await watcher.poll()).items).toBeNull();
		expect((await watcher.poll()).items).toBeNull();
		const upgraded = watcher.memory[STATE] as IDataObject;
		expect(upgraded.legacyKeys).toBeUndefined();
		// a later snapshot (another record edited) lists the same bill: seen under its version-3 key
		service.records[0].record = { ...bill, amount: '125.00' };
		expect(await fullRead(service, watcher)).toBeNull();
		expect(await fullRead(service, watcher)).toBeNull();
	});
});
