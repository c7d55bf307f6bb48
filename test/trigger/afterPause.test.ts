/**
 * After a Pause (docs/trigger.md "After a pause"): a workflow activated again after weeks off either
 * emits what was entered meanwhile or starts from now; an n8n restart always catches up.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { AFTER_PAUSE_DEFAULTS, triggerProperties } from '../../nodes/PropertyManagementTrigger/events/description';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { currentOccupancy, itemsOf, paidUpOccupancy, serviceDate, TriggerUnderTest } from './harness';

const THREE_WEEKS_MS = 21 * 86_400_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

/** An active workflow whose present is recorded, then switched off for three weeks. */
async function pausedTrigger(parameters: INodeParameters, path: string): Promise<TriggerUnderTest> {
	const trigger = new TriggerUnderTest(sandbox, parameters, path);
	expect((await trigger.poll({ activation: true })).items).toBeNull();
	trigger.elapse(THREE_WEEKS_MS);
	return trigger;
}

/** A move-in entered upstream, as the service lists it (the hostile profile nulls fields of some). */
const moveIn = async () =>
	asServed(sandbox, '/v1/tenant-events', await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: serviceDate(-3) }));

describe('Property Management Trigger: after a pause', () => {
	test('tenant events (default Start From Now): what was entered while off does not fire; what follows does', async () => {
		const trigger = await pausedTrigger({ event: 'tenantEvent' }, '/v1/tenant-events');
		await moveIn();
		await sandbox.control.expire('/v1/tenant-events');
		expect((await trigger.poll({ activation: true })).items).toBeNull();

		const later = await moveIn();
		expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json)).toEqual([later]);
	});

	test('tenant events, Emit What Arrived: what was entered while off fires once on activation', async () => {
		const trigger = await pausedTrigger({ event: 'tenantEvent', afterPause: 'emitWhatArrived' }, '/v1/tenant-events');
		const missed = await moveIn();
		await sandbox.control.expire('/v1/tenant-events');
		expect((await trigger.poll({ activation: true })).items?.map((item) => item.json)).toEqual([missed]);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('an n8n restart after three weeks down catches up, whatever After a Pause says', async () => {
		const trigger = await pausedTrigger({ event: 'tenantEvent', afterPause: 'startFromNow' }, '/v1/tenant-events');
		trigger.restartN8n();
		const missed = await moveIn();
		await sandbox.control.expire('/v1/tenant-events');
		expect((await trigger.poll({ activationMode: 'init' })).items?.map((item) => item.json)).toEqual([missed]);
	});

	test('bills (default Emit What Arrived): a bill entered while off fires on activation', async () => {
		const trigger = await pausedTrigger({ event: 'bill' }, '/v1/bills');
		const bill = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-2) });
		await sandbox.control.expire('/v1/bills');
		const { items } = await trigger.poll({ activation: true });
		expect(items?.map((item) => item.json.upstreamId)).toEqual([bill.upstreamId]);
	});

	test('bills: Status set to Unpaid and taken off again while off is no change: what arrived meanwhile, also an unpaid bill dated before the window, fires once (soak, 10,000 units, seed 1)', async () => {
		const trigger = await pausedTrigger({ event: 'bill' }, '/v1/bills');
		const late = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-160), status: 'Unpaid' });
		const recent = await sandbox.control.inject<IDataObject>('bill', { billDate: serviceDate(-2) });
		// edited twice before the workflow was activated again: n8n saves only the last
		trigger.parameters = { ...trigger.parameters, filters: { status: 'Unpaid' } };
		trigger.parameters = { event: 'bill' };
		await sandbox.control.expire('/v1/bills');
		const fired: unknown[] = (await trigger.poll({ activation: true })).items?.map((item) => item.json.upstreamId) ?? [];
		// the open read (bills dated before the window) follows the activation's full read
		for (let poll = 0; poll < 3; poll++) fired.push(...((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json.upstreamId) ?? []));
		expect(fired.sort()).toEqual([late.upstreamId, recent.upstreamId].sort());
	});

	test('guest cards (default Start From Now): a lead that arrived while off does not fire', async () => {
		const trigger = await pausedTrigger({ event: 'guestCard' }, '/v1/guest-cards');
		await sandbox.control.inject('guestCard', { received: serviceDate(-1) });
		await sandbox.control.expire('/v1/guest-cards');
		expect((await trigger.poll({ activation: true })).items).toBeNull();
	});
});

/**
 * The issue-48 events with After a Pause changed while the workflow was off: the value the user saved
 * before activating again decides, not the one the state was recorded under.
 */
describe('Property Management Trigger: After a Pause changed while paused', () => {
	test('Work Order Status Changed switched to Emit What Arrived: a change made meanwhile fires once on activation', async () => {
		const order = await sandbox.control.inject<IDataObject>('workOrder', { status: 'New' });
		await sandbox.control.expire('/v1/work-orders');
		const trigger = await pausedTrigger({ event: 'workOrderStatus' }, '/v1/work-orders');
		await sandbox.control.update('workOrder', String(order.upstreamId), { status: 'Scheduled' });
		await sandbox.control.expire('/v1/work-orders');
		trigger.parameters = { ...trigger.parameters, afterPause: 'emitWhatArrived' };
		const { items } = await trigger.poll({ activation: true });
		expect(items?.map((item) => [item.json.upstreamId, item.json.previousStatus, item.json.status])).toEqual([[order.upstreamId, 'New', 'Scheduled']]);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('Work Order Created switched to Start From Now: an order entered meanwhile does not fire, a later one does', async () => {
		const trigger = await pausedTrigger({ event: 'workOrder' }, '/v1/work-orders');
		await sandbox.control.inject('workOrder', { createdAt: serviceDate(-2) });
		await sandbox.control.expire('/v1/work-orders');
		trigger.parameters = { ...trigger.parameters, afterPause: 'startFromNow' };
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const later = await sandbox.control.inject<IDataObject>('workOrder', { createdAt: serviceDate(0) });
		expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => item.json.upstreamId)).toEqual([later.upstreamId]);
	});

	test('Bill Approved or Paid switched to Start From Now: an approval made meanwhile does not fire, a later payment does', async () => {
		const bill = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval' });
		await sandbox.control.expire('/v1/bills');
		const trigger = await pausedTrigger({ event: 'billPaidOrApproved' }, '/v1/bills');
		await sandbox.control.update('bill', String(bill.upstreamId), { approvalStatus: 'Approved' });
		await sandbox.control.expire('/v1/bills');
		trigger.parameters = { ...trigger.parameters, afterPause: 'startFromNow' };
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		await sandbox.control.update('bill', String(bill.upstreamId), { status: 'Paid' });
		expect((await trigger.pollAfterUpstreamChange()).items?.map((item) => [item.json.upstreamId, item.json.changes])).toEqual([[bill.upstreamId, ['Paid']]]);
	});

	test('Rent Past Due (default Emit What Arrived): a balance that rose above the amount while off fires once on activation', async () => {
		const occupancy = await paidUpOccupancy(sandbox, 3);
		const trigger = await pausedTrigger({ event: 'rentPastDue', threshold: 100 }, '/v1/rent-roll');
		await sandbox.control.update('occupancy', occupancy, { charge: '150.00' });
		await sandbox.control.expire('/v1/rent-roll');
		const { items } = await trigger.poll({ activation: true });
		expect(items?.map((item) => [String(item.json.occupancyId), item.json.pastDueAmount])).toEqual([[occupancy, 150]]);
		expect((await trigger.pollAfterUpstreamChange()).items).toBeNull();
	});

	test('Lease End Approaching switched to Start From Now: an end that came within Days Before while off does not fire; a later one does', async () => {
		const [first, second] = [await currentOccupancy(sandbox, 4), await currentOccupancy(sandbox, 5)];
		await sandbox.control.update('occupancy', first, { leaseTo: serviceDate(400) });
		await sandbox.control.update('occupancy', second, { leaseTo: serviceDate(400) });
		await sandbox.control.expire('/v1/rent-roll');
		const trigger = await pausedTrigger({ event: 'leaseEnding', horizonDays: '60' }, '/v1/rent-roll');
		await sandbox.control.update('occupancy', first, { leaseTo: serviceDate(50) });
		await sandbox.control.expire('/v1/rent-roll');
		trigger.parameters = { ...trigger.parameters, afterPause: 'startFromNow' };
		expect(itemsOf((await trigger.poll({ activation: true })).items, 'occupancyId', [first, second])).toBeNull();
		await sandbox.control.update('occupancy', second, { leaseTo: serviceDate(40) });
		const fired = itemsOf((await trigger.pollAfterUpstreamChange()).items, 'occupancyId', [first, second]);
		expect(fired?.map((item) => [String(item.json.occupancyId), item.json.horizonDays])).toEqual([[second, 60]]);
	});
});

test('the After a Pause fields show the defaults the code falls back to', () => {
	const fields = triggerProperties.filter((property) => property.name === 'afterPause');
	const shown = Object.fromEntries(
		fields.flatMap((field) => (field.displayOptions?.show?.event as string[]).map((event) => [event, field.default])),
	);
	expect(shown).toEqual(AFTER_PAUSE_DEFAULTS);
});
