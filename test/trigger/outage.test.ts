/**
 * The service cannot refresh its data (sandbox `failRefreshes`, e.g. an expired upstream login):
 * the trigger stays quiet for a short while, then fails its polls with a clear error so n8n records
 * it and runs the error workflow; once refreshes work again, what was entered meanwhile fires once.
 */
import type { IDataObject } from 'n8n-workflow';
import { OUTAGE_BOUND } from '../../nodes/PropertyManagementTrigger/kernel/outages';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { paidUpOccupancy, serviceDate, TriggerUnderTest } from './harness';

const EVENTS = '/v1/tenant-events';
let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

test('a refresh outage fails the poll after the documented bound, then recovers with nothing lost or doubled', async () => {
	// Max Wait 2 s: each poll of the outage gives up quickly
	const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { maxWait: 2 } }, EVENTS);
	expect((await watcher.poll({ activation: true })).items).toBeNull();

	await sandbox.control.config({ failRefreshes: true });
	const moveIn = asServed(sandbox, EVENTS, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(0) }));
	for (let poll = 1; poll <= OUTAGE_BOUND.polls; poll++) {
		const { items, staticData } = await watcher.pollSoonAfterUpstreamChange();
		expect(items).toBeNull();
		expect((staticData['node:Property Management'] as IDataObject).outage).toMatchObject({ polls: poll });
	}
	// the polls are there, but not the minutes: time passes, and the next poll fails
	watcher.elapse(OUTAGE_BOUND.minutes * 60_000);
	const failed = await watcher.pollSoonAfterUpstreamChange().then(
		() => undefined,
		(error: Error & { description?: string }) => error,
	);
	expect(failed?.message).toMatch(/has not returned fresh tenant events for \d+ minutes \(4 polls in a row\): its last answer was "(stale|updating)"/);
	expect(failed?.message).toMatch(/data last updated (\d{4}-\d\d-\d\dT|none)/);
	expect(failed?.description).toContain('It loses none');

	await sandbox.control.config({ failRefreshes: false });
	const recovered = await watcher.pollAfterUpstreamChange();
	expect(recovered.items?.map((item) => item.json)).toEqual([moveIn]);
	expect((recovered.staticData['node:Property Management'] as IDataObject).outage).toBeUndefined();
	expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
});

test('Rent Past Due through a refresh outage: a balance that rose above the amount during it fires once after', async () => {
	const occupancy = await paidUpOccupancy(sandbox, 6);
	const watcher = new TriggerUnderTest(sandbox, { event: 'rentPastDue', threshold: 100, options: { maxWait: 2 } }, '/v1/rent-roll');
	expect((await watcher.poll({ activation: true })).items).toBeNull();

	await sandbox.control.config({ failRefreshes: true });
	try {
		await sandbox.control.update('occupancy', occupancy, { charge: '175.00' });
		for (let poll = 1; poll <= OUTAGE_BOUND.polls; poll++) expect((await watcher.pollSoonAfterUpstreamChange()).items).toBeNull();
	} finally {
		await sandbox.control.config({ failRefreshes: false });
	}
	const recovered = await watcher.pollAfterUpstreamChange();
	expect(recovered.items?.map((item) => [String(item.json.occupancyId), item.json.pastDueAmount])).toEqual([[occupancy, 175]]);
	expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
});
