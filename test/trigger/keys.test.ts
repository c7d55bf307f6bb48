import type { IDataObject } from 'n8n-workflow';
import { startCraftedServer, type CraftedServer } from '../support/craftedServer';
import { NODE_NAME } from '../support/n8n';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { shortHash } from '../../nodes/PropertyManagementTrigger/newRecords/state';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { serviceDate, TriggerUnderTest } from './harness';

const EVENTS = '/v1/tenant-events';

let sandbox: TestSandbox;
let crafted: CraftedServer | undefined;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
	await crafted?.close();
});

/** A guest-card list the test edits; every edit is a new snapshot (a later lastUpdated), as the service's refresh would give. */
function guestCardService() {
	const cards: IDataObject[] = [];
	let lastUpdated = Math.floor(Date.now() / 1000);
	return {
		cards,
		add(card: IDataObject) {
			cards.push(card);
			lastUpdated += 1;
		},
		reply(path: string) {
			return { body: { meta: { status: 'ok', path, count: cards.length, page: 1, lastUpdated }, links: { next: null }, data: cards } };
		},
	};
}

describe('Property Management Trigger: telling records apart', () => {
	test('guest cards without an id (missing or null) are each emitted once, told apart by their content', async () => {
		const service = guestCardService();
		crafted = await startCraftedServer((_request, url) => service.reply(url.pathname));
		service.add({ name: 'Ana Silva', received: serviceDate(0), emailAddress: 'ana@example.com' });
		const cards = new TriggerUnderTest({ url: crafted.url, key: 'crafted-key' }, { event: 'guestCard' }, '/v1/guest-cards');
		expect((await cards.poll({ activation: true })).items).toBeNull();

		const second = { name: 'Ben Okafor', received: serviceDate(0), emailAddress: 'ben@example.com' };
		const third = { guestCardId: null, name: 'Chen Wu', received: serviceDate(0), emailAddress: 'chen@example.com' };
		service.add(second);
		service.add(third);
		const { items } = await cards.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json.name)).toEqual(['Ben Okafor', 'Chen Wu']);
		expect((await cards.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('events that share every identifying field (roommates whose tenant ids are null, events whose every field is null) each fire once', async () => {
		const service = guestCardService();
		const server = await startCraftedServer((_request, url) => service.reply(url.pathname));
		try {
			const moveIn = (name: string) => ({ event: 'Move-in', occurredDate: serviceDate(0), occupancy: { upstreamId: 7 }, tenant: { upstreamId: null, name } });
			const blank = { event: null, occurredDate: null, occupancy: null, tenant: null };
			service.add(moveIn('Ana Silva'));
			service.add(blank);
			const events = new TriggerUnderTest({ url: server.url, key: 'crafted-key' }, { event: 'tenantEvent' }, EVENTS);
			expect((await events.poll({ activation: true })).items).toBeNull();

			service.add(moveIn('Ben Okafor'));
			service.add({ ...blank });
			const { items } = await events.pollAfterUpstreamChange();
			expect(items?.map((item) => item.json)).toEqual([moveIn('Ben Okafor'), blank]);
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();
			service.add(moveIn('Chen Wu'));
			expect((await events.pollAfterUpstreamChange()).items?.map((item) => item.json)).toEqual([moveIn('Chen Wu')]);
			expect((await events.pollAfterUpstreamChange()).items).toBeNull();
		} finally {
			await server.close();
		}
	});

	test('two roommates moving into one occupancy on one date give two events', async () => {
		const tenants = await sandbox.control.records<IDataObject>('tenants');
		const byOccupancy = new Map<string, IDataObject[]>();
		for (const tenant of tenants) {
			const list = byOccupancy.get(String(tenant.occupancyUpstreamId)) ?? [];
			list.push(tenant);
			byOccupancy.set(String(tenant.occupancyUpstreamId), list);
		}
		const properties = await sandbox.control.records<IDataObject>('properties');
		const hidden = new Set(properties.filter((property) => property.invisible).map((property) => String(property.upstreamId)));
		const [occupancy, roommates] = [...byOccupancy].find(([, list]) => list.length >= 2 && !hidden.has(String((list[0].property as IDataObject).upstreamId))) ?? [];
		expect(roommates?.length).toBeGreaterThanOrEqual(2);

		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, EVENTS);
		await watcher.poll({ activation: true });
		const moveIns: IDataObject[] = [];
		for (const roommate of (roommates ?? []).slice(0, 2)) {
			const stored = await sandbox.control.inject<IDataObject>('tenantEvent', {
				event: 'Move-in',
				occurredDate: serviceDate(20),
				occupancy: { upstreamId: Number(occupancy) },
				tenant: { upstreamId: roommate.upstreamId },
			});
			// as the service lists it: the hostile profile may null the tenant, the type or the date
			moveIns.push(asServed(sandbox, EVENTS, stored));
		}
		const { items } = await watcher.pollAfterUpstreamChange();
		const tenantOf = (event: IDataObject) => String((event.tenant as IDataObject | null)?.upstreamId);
		expect((items ?? []).map((item) => tenantOf(item.json)).sort()).toEqual(moveIns.map(tenantOf).sort());
		expect((items ?? []).map((item) => item.json)).toEqual(expect.arrayContaining(moveIns));
	});

	test('state saved by version 1 (keys without the tenant) is carried over: the upgrade emits nothing old, then new events once', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, EVENTS);
		const today = dayOfServiceDate(serviceDate(0)) as number;
		const inWindow = (await sandbox.control.records<IDataObject>('tenantEvents')).filter((record) => {
			const day = dayOfServiceDate(record.occurredDate) as number;
			return day >= today - 14 && day <= today + 60;
		});
		expect(inWindow.length).toBeGreaterThan(0);
		// version 1 stored shortHash("event|occupancy|date") per record, grouped by day
		const seen: Record<string, string> = {};
		// of each record as the service lists it (the hostile profile nulls fields of some); "" for a null
		const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
		for (const record of inWindow) {
			const day = String(dayOfServiceDate(record.occurredDate));
			const listed = asServed(sandbox, EVENTS, record);
			const key = `${text(listed.event)}|${text((listed.occupancy as IDataObject | null)?.upstreamId)}|${text(listed.occurredDate)}`;
			seen[day] = (seen[day] ?? '') + shortHash(key);
		}
		const versionOne = { version: 1, scope: shortHash(JSON.stringify(['tenantEvent', {}])), checkpoint: today, seen };
		watcher.memory = { [`node:${NODE_NAME}`]: versionOne };

		const upgraded = await watcher.pollAfterUpstreamChange();
		expect(upgraded.items).toBeNull();
		expect(upgraded.staticData[`node:${NODE_NAME}`]).toMatchObject({ version: 3 });

		const added = asServed(sandbox, EVENTS, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(-1) }));
		const { items } = await watcher.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json.occurredDate)).toEqual([added.occurredDate]);
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	});
});
