/**
 * The trigger's outage bound counts from when the data the service holds was last updated
 * (`lastUpdated`; a failed refresh leaves it as it was), not only from the first poll without fresh
 * data: data already 20 minutes old when refreshes start failing fails the third poll, without 15
 * more minutes. The case where the data is young is test/trigger/outage.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { OUTAGE_BOUND } from '../../nodes/PropertyManagementTrigger/kernel/outages';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from '../trigger/harness';

const EVENTS = '/v1/tenant-events';
const STATE = 'node:Property Management';
let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

test('data last updated 20 minutes ago: the third poll without fresh data fails at once, then recovery loses and doubles nothing', async () => {
	const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { maxWait: 2 } }, EVENTS);
	expect((await watcher.poll({ activation: true })).items).toBeNull();
	// the service's clock 20 minutes behind n8n's: the next refresh is stamped 20 minutes back (after
	// activation, so that the window's checkpoint, which only moves forward, keeps its day at any hour)
	await sandbox.control.config({ clock: new Date(Date.now() - 20 * 60_000).toISOString() });
	expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();

	await sandbox.control.config({ failRefreshes: true });
	const moveIn = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(0) });
	for (let poll = 1; poll < OUTAGE_BOUND.polls; poll++) {
		const { items, staticData } = await watcher.pollSoonAfterUpstreamChange();
		expect(items).toBeNull();
		const outage = (staticData[STATE] as IDataObject).outage as IDataObject;
		expect(outage).toMatchObject({ polls: poll });
		// only the poll count holds the error back: the data is older than the bound already
		expect(Date.now() - Number(outage.lastUpdated) * 1000).toBeGreaterThan(OUTAGE_BOUND.minutes * 60_000);
	}
	const failed = await watcher.pollSoonAfterUpstreamChange().then(
		() => undefined,
		(error: Error & { description?: string }) => error,
	);
	expect(failed?.message).toMatch(/has not returned fresh tenant events for (19|20|21) minutes \(3 polls in a row\): its last answer was "(stale|updating)"/);
	expect(failed?.message).toMatch(/data last updated \d{4}-\d\d-\d\dT/);

	await sandbox.control.config({ failRefreshes: false, clock: new Date().toISOString() });
	const recovered = await watcher.pollAfterUpstreamChange();
	expect(recovered.items?.map((item) => (item.json.tenant as IDataObject).upstreamId)).toEqual([(moveIn.tenant as IDataObject).upstreamId]);
	expect((recovered.staticData[STATE] as IDataObject).outage).toBeUndefined();
	expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
});
