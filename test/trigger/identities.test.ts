/**
 * What counts as the same record across edits (docs/trigger.md "Identities"): a tenant event keeps
 * its identity when its date moves or is written differently; a record without an id keeps its
 * identity when the fields that change over its life change. The service is a crafted one the test
 * edits; every edit is a new snapshot (a later lastUpdated), as the service's refresh would give.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startCraftedServer, type CraftedServer } from '../support/craftedServer';
import { serviceDate, TriggerUnderTest } from './harness';

const crafted: CraftedServer[] = [];

afterAll(async () => {
	for (const server of crafted) await server.close();
});

/** A list the test edits in place; records are served as they are at the moment of the request. */
async function editableService(path: string) {
	const records: IDataObject[] = [];
	let lastUpdated = Math.floor(Date.now() / 1000);
	const server = await startCraftedServer((_request, url) => ({
		body: { meta: { status: 'ok', path: url.pathname, count: records.length, page: 1, lastUpdated }, links: { next: null }, data: records },
	}));
	crafted.push(server);
	return {
		records,
		watch: (parameters: INodeParameters) => new TriggerUnderTest({ url: server.url, key: 'crafted-key' }, { ...parameters }, path),
		changed: () => (lastUpdated += 1),
	};
}

/** US date without leading zeros, as the spec allows (`12/1/2026` for `12/01/2026`). */
function unpadded(date: string): string {
	const [month, day, year] = date.split('/');
	return `${Number(month)}/${Number(day)}/${year}`;
}

function moveOut(occurredDate: string): IDataObject {
	return {
		event: 'Move-out',
		occurredDate,
		occupancy: { upstreamId: 7001 },
		tenant: { upstreamId: 9001, name: 'Dana Reyes' },
		unit: { upstreamId: 501 },
		property: { upstreamId: 101 },
	};
}

describe('Property Management Trigger: identities that survive edits', () => {
	test('a move-out whose date is moved, or written without leading zeros, is not emitted again', async () => {
		const service = await editableService('/v1/tenant-events');
		const watcher = service.watch({ event: 'tenantEvent' });
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		service.records.push(moveOut(serviceDate(20)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.occurredDate)).toEqual([serviceDate(20)]);

		service.records[0] = moveOut(serviceDate(34));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();

		service.records[0] = moveOut(unpadded(serviceDate(34)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();

		// another tenant event of the same occupancy is still new
		service.records.push({ ...moveOut(serviceDate(30)), event: 'Notice' });
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.event)).toEqual(['Notice']);
	});

	test('a second move-out of one occupancy, dated before the one already seen and listed first, is the one emitted', async () => {
		const service = await editableService('/v1/tenant-events');
		const watcher = service.watch({ event: 'tenantEvent' });
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		service.records.push(moveOut(serviceDate(9)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.occurredDate)).toEqual([serviceDate(9)]);

		// the service lists by date: the new one first
		service.records.unshift(moveOut(serviceDate(-2)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.occurredDate)).toEqual([serviceDate(-2)]);
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('with "Emit Again When the Date Changes", a moved date fires again, a reformatted one does not', async () => {
		const service = await editableService('/v1/tenant-events');
		const watcher = service.watch({ event: 'tenantEvent', options: { emitOnDateChange: true } });
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		service.records.push(moveOut(serviceDate(20)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toHaveLength(1);

		service.records[0] = moveOut(unpadded(serviceDate(20)));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();

		service.records[0] = moveOut(serviceDate(34));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.occurredDate)).toEqual([serviceDate(34)]);
	});

	test('a guest card without an id is not emitted again when a leasing agent follows it up', async () => {
		const service = await editableService('/v1/guest-cards');
		const watcher = service.watch({ event: 'guestCard' });
		expect((await watcher.poll({ activation: true })).items).toBeNull();

		const card: IDataObject = {
			guestCardId: null,
			name: 'Chen Wu',
			emailAddress: 'chen@example.com',
			phoneNumber: '(805) 555-0199',
			propertyId: '101',
			received: serviceDate(0),
			status: 'Active',
			lastActivityDate: serviceDate(0),
			lastActivityType: 'Guest Card Created',
		};
		service.records.push(card);
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.name)).toEqual(['Chen Wu']);

		service.records[0] = { ...card, status: 'Waitlisted', lastActivityDate: serviceDate(1), lastActivityType: 'Phone call', notes: 'called back' };
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();

		// a second lead with the same name but another contact is another guest card
		service.records.push({ ...card, emailAddress: 'chen.wu@example.org', phoneNumber: null });
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items?.map((item) => item.json.emailAddress)).toEqual(['chen.wu@example.org']);
	});

	test('state saved by version 2 (dated tenant-event keys) is carried over: the upgrade emits nothing old', async () => {
		const service = await editableService('/v1/tenant-events');
		service.records.push(moveOut(serviceDate(20)));
		const watcher = service.watch({ event: 'tenantEvent' });
		expect((await watcher.poll({ activation: true })).items).toBeNull();
		// what version 2 stored for this record: its key with the date as text
		const state = watcher.memory['node:Property Management'] as IDataObject;
		const { SeenRecords, shortHash } = await import('../../nodes/PropertyManagementTrigger/newRecords/state');
		const { dayOfServiceDate } = await import('../../nodes/shared/dates');
		const seen = new SeenRecords();
		seen.add(shortHash(`tenantEvent|Move-out|7001|9001|${serviceDate(20)}`), dayOfServiceDate(serviceDate(20)) as number);
		watcher.memory['node:Property Management'] = { ...state, version: 2, legacyKeys: undefined, seen: seen.toJson() };

		service.changed();
		const upgraded = await watcher.pollAfterUpstreamChange();
		expect(upgraded.items).toBeNull();
		expect(upgraded.staticData['node:Property Management']).toMatchObject({ version: 3 });
		service.records[0] = moveOut(serviceDate(34));
		service.changed();
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	});
});
