/**
 * Option changes (issue 48): a user edits the active workflow's options between polls, n8n keeping
 * the static data. For each issue-48 event: nothing recorded before the edit fires again, and what
 * the new options cover and happens after the first poll of the edited workflow fires once, as it
 * would have without the edit (docs/trigger.md "Changing settings").
 * Spec project only: an edit changes what the trigger keeps and filters, not what it reads; the
 * hostile profile's readings (statuses, dates and amounts left out) are the status, date and
 * new-record suites' (they run there), and here a status left out would hide the very moves a filter
 * change is about. Run once against it (PM_SANDBOX_PROFILE=hostile, 2026-11-28): 6 of 8 passed; Work
 * Order Status Changed failed so (its order listed without a status), and Rent Past Due too: that day
 * its occupancy's rent roll row came without occupancyId and pastDue, so nothing could be known of it
 * (issue 48; currentOccupancy, harness.ts, now takes rows the service shows whole). Looking into it found a defect
 * beside it, a delinquency forgotten while its row came without its id (datesAndPastDue.test.ts).
 * Run against it again after both (same day): 7 of 8, Work Order Status Changed failing as before.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { activeTrigger, currentOccupancy as currentOccupancyOf, firedJson, firedJsonOf, paidUpOccupancy, serviceDate, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});


/** The user edits the workflow: the next poll runs with these parameters and the same static data. */
async function edit(trigger: TriggerUnderTest, parameters: INodeParameters): Promise<void> {
	trigger.parameters = parameters;
	// the edit's first poll: what it covers now, recorded or kept, and nothing fired
	expect(await firedJson(trigger)).toBeNull();
}

describe('Property Management Trigger: New Status of each status event changed mid-run', () => {
	test('Work Order Status Changed: Completed → Scheduled and Completed → Completed; each move fires once under the filter of its poll', async () => {
		const parameters = (statusFilter: string[]) => ({ event: 'workOrderStatus', statusFilter });
		const trigger = await activeTrigger(sandbox, parameters(['Completed']), '/v1/work-orders');
		const first = await sandbox.control.inject<IDataObject>('workOrder', {});
		const second = await sandbox.control.inject<IDataObject>('workOrder', {});
		expect(await firedJson(trigger)).toBeNull();
		// not watched yet: recorded as Scheduled, never fired later
		await sandbox.control.update('workOrder', String(first.upstreamId), { status: 'Scheduled' });
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, parameters(['Scheduled', 'Completed']));
		await sandbox.control.update('workOrder', String(second.upstreamId), { status: 'Scheduled' });
		expect((await firedJson(trigger))?.map((json) => [json.upstreamId, json.previousStatus, json.status, json.changes])).toEqual([
			[second.upstreamId, 'New', 'Scheduled', ['Scheduled']],
		]);

		await edit(trigger, parameters(['Completed']));
		const third = await sandbox.control.inject<IDataObject>('workOrder', {});
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('workOrder', String(third.upstreamId), { status: 'Scheduled' });
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('workOrder', String(first.upstreamId), { status: 'Completed' });
		expect((await firedJson(trigger))?.map((json) => [json.upstreamId, json.previousStatus, json.status, json.changes])).toEqual([
			[first.upstreamId, 'Scheduled', 'Completed', ['Completed']],
		]);
		expect(await firedJson(trigger)).toBeNull();
	});

	test('Bill Approved or Paid: Paid → Approved → both; an approval or payment fires once, under the Changes of its poll', async () => {
		const parameters = (statusFilter: string[]) => ({ event: 'billPaidOrApproved', statusFilter });
		const trigger = await activeTrigger(sandbox, parameters(['Paid']), '/v1/bills');
		const early = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval' });
		const late = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval' });
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('bill', String(early.upstreamId), { approvalStatus: 'Approved' });
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, parameters(['Approved']));
		await sandbox.control.update('bill', String(late.upstreamId), { approvalStatus: 'Approved' });
		expect((await firedJson(trigger))?.map((json) => [json.upstreamId, json.changes, json.approvalStatus, json.previousApprovalStatus])).toEqual([
			[late.upstreamId, ['Approved'], 'Approved', 'Pending Approval'],
		]);
		// a payment is not watched now: the paid bill is forgotten, and does not fire after the next edit
		await sandbox.control.update('bill', String(early.upstreamId), { status: 'Paid' });
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, parameters([]));
		await sandbox.control.update('bill', String(late.upstreamId), { status: 'Paid' });
		expect((await firedJson(trigger))?.map((json) => [json.upstreamId, json.changes, json.status, json.previousStatus])).toEqual([
			[late.upstreamId, ['Paid'], 'Paid', 'Unpaid'],
		]);
		expect(await firedJson(trigger)).toBeNull();
	});

	test('Rental Application Decided: Approved → Denied and Canceled; a decision fires once, under the Decisions of its poll', async () => {
		const parameters = (statusFilter: string[]) => ({ event: 'applicationDecided', statusFilter });
		const trigger = await activeTrigger(sandbox, parameters(['Approved']), '/v1/rental-applications');
		const [denied, deniedLater, approvedLater] = [
			await sandbox.control.inject<IDataObject>('rentalApplication', {}),
			await sandbox.control.inject<IDataObject>('rentalApplication', {}),
			await sandbox.control.inject<IDataObject>('rentalApplication', {}),
		];
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('rentalApplication', String(denied.rentalApplicationId), { status: 'Denied' });
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, parameters(['Denied', 'Canceled']));
		await sandbox.control.update('rentalApplication', String(deniedLater.rentalApplicationId), { status: 'Denied' });
		expect((await firedJson(trigger))?.map((json) => [json.rentalApplicationId, json.previousStatus, json.changes])).toEqual([
			[deniedLater.rentalApplicationId, 'New', ['Denied']],
		]);
		await sandbox.control.update('rentalApplication', String(approvedLater.rentalApplicationId), { status: 'Approved' });
		expect(await firedJson(trigger)).toBeNull();
		expect(await firedJson(trigger)).toBeNull();
	});
});

const currentOccupancy = (index: number) => currentOccupancyOf(sandbox, index);

describe('Property Management Trigger: Days Before, Documents and Past Due Above changed mid-run', () => {
	test('Lease End Approaching: Days Before 60 → 90, 60, 30 → 90, 60: a date already inside an added horizon is recorded, not fired; later ones fire once, the nearest', async () => {
		const [fired60, inside90, later] = [await currentOccupancy(0), await currentOccupancy(1), await currentOccupancy(2)];
		for (const occupancy of [fired60, inside90, later]) await sandbox.control.update('occupancy', occupancy, { leaseTo: serviceDate(200) });
		const trigger = await activeTrigger(sandbox, { event: 'leaseEnding', horizonDays: '60' }, '/v1/rent-roll');
		const reached = (json: IDataObject[] | null) => json?.map((row) => [String(row.occupancyId), row.daysLeft, row.horizonDays]) ?? null;
		const firedOfThese = () => firedJsonOf(trigger, 'occupancyId', [fired60, inside90, later]);

		await sandbox.control.update('occupancy', fired60, { leaseTo: serviceDate(45) });
		await sandbox.control.update('occupancy', inside90, { leaseTo: serviceDate(75) });
		expect(reached(await firedOfThese())).toEqual([[fired60, 45, 60]]);

		// recorded again: 60 (fired) and 90 (added) for the first, 90 for the second, none of them fired
		await edit(trigger, { event: 'leaseEnding', horizonDays: '90, 60, 30' });
		await sandbox.control.update('occupancy', inside90, { leaseTo: serviceDate(50) });
		expect(reached(await firedOfThese())).toEqual([[inside90, 50, 60]]);
		await sandbox.control.update('occupancy', fired60, { leaseTo: serviceDate(25) });
		expect(reached(await firedOfThese())).toEqual([[fired60, 25, 30]]);
		expect(await firedOfThese()).toBeNull();

		// a horizon removed: recorded again, nothing fires twice; a new date fires its nearest horizon left
		await edit(trigger, { event: 'leaseEnding', horizonDays: '90, 60' });
		await sandbox.control.update('occupancy', later, { leaseTo: serviceDate(20) });
		expect(reached(await firedOfThese())).toEqual([[later, 20, 60]]);
		expect(await firedOfThese()).toBeNull();
	});

	test('Vendor Document Expiring: a document added to Documents is recorded where already close; one removed no longer fires', async () => {
		const [vendor, other] = await sandbox.control.records<IDataObject>('vendors');
		const [id, otherId] = [String(vendor.upstreamId), String(other.upstreamId)];
		for (const each of [id, otherId]) await sandbox.control.update('vendor', each, { liabilityInsExpires: serviceDate(300), workersCompExpires: serviceDate(300) });
		const parameters = (documents: string[]) => ({ event: 'vendorDocumentExpiring', horizonDays: '30', documents });
		const trigger = await activeTrigger(sandbox, parameters(['liabilityInsExpires']), '/v1/vendors');
		const shown = (json: IDataObject[] | null) => json?.map((row) => [row.upstreamId, row.dateField, row.daysLeft, row.horizonDays]) ?? null;
		const firedOfThese = () => firedJsonOf(trigger, 'upstreamId', [id, otherId]);

		await sandbox.control.update('vendor', id, { liabilityInsExpires: serviceDate(20), workersCompExpires: serviceDate(10) });
		expect(shown(await firedOfThese())).toEqual([[id, 'liabilityInsExpires', 20, 30]]);

		// workers' comp chosen: the one already 10 days off is recorded, not fired; a later one fires
		await edit(trigger, parameters(['liabilityInsExpires', 'workersCompExpires']));
		await sandbox.control.update('vendor', otherId, { workersCompExpires: serviceDate(25) });
		expect(shown(await firedOfThese())).toEqual([[otherId, 'workersCompExpires', 25, 30]]);

		await edit(trigger, parameters(['workersCompExpires']));
		await sandbox.control.update('vendor', otherId, { liabilityInsExpires: serviceDate(15) });
		expect(await firedOfThese()).toBeNull();
		await sandbox.control.update('vendor', otherId, { workersCompExpires: serviceDate(340) });
		await sandbox.control.update('vendor', otherId, { workersCompExpires: serviceDate(5) });
		expect(shown(await firedOfThese())).toEqual([[otherId, 'workersCompExpires', 5, 30]]);
	});

	test('Rent Past Due: Past Due Above raised and lowered mid-delinquency: one emission per delinquency under the amount in force', async () => {
		const occupancy = await paidUpOccupancy(sandbox, 3);
		const trigger = await activeTrigger(sandbox, { event: 'rentPastDue', threshold: 100 }, '/v1/rent-roll');
		const owed = (json: IDataObject[] | null) => json?.map((row) => [String(row.occupancyId), row.pastDueAmount, row.threshold]) ?? null;

		await sandbox.control.update('occupancy', occupancy, { charge: '130.00' });
		expect(owed(await firedJson(trigger))).toEqual([[occupancy, 130, 100]]);

		// raised above what is owed: that delinquency is over for the user; rising above the new amount is a new one
		await edit(trigger, { event: 'rentPastDue', threshold: 200 });
		await sandbox.control.update('occupancy', occupancy, { charge: '50.00' });
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('occupancy', occupancy, { charge: '50.00' });
		expect(owed(await firedJson(trigger))).toEqual([[occupancy, 230, 200]]);

		// raised again, still below what is owed, then lowered: the same delinquency, never fired again
		await edit(trigger, { event: 'rentPastDue', threshold: 220 });
		await edit(trigger, { event: 'rentPastDue', threshold: 100 });
		await sandbox.control.update('occupancy', occupancy, { charge: '40.00' });
		expect(await firedJson(trigger)).toBeNull();

		// cleared under the amount in force, then above it again: a new delinquency
		await sandbox.control.update('occupancy', occupancy, { payment: '220.00' });
		expect(await firedJson(trigger)).toBeNull();
		await sandbox.control.update('occupancy', occupancy, { charge: '75.00' });
		expect(owed(await firedJson(trigger))).toEqual([[occupancy, 125, 100]]);
		expect(await firedJson(trigger)).toBeNull();
		// eleven whole reads of the rent roll after the activation: about 11 s each in the hostile profile (its shorter pages)
	}, 240_000);
});

const NEW_RECORDS = {
	workOrder: { path: '/v1/work-orders', id: 'upstreamId', dateField: 'createdAt' },
	rentalApplication: { path: '/v1/rental-applications', dateField: 'received' },
} as const;

describe.each(Object.keys(NEW_RECORDS) as (keyof typeof NEW_RECORDS)[])('Property Management Trigger: new %s, Lookback changed mid-run', (kind) => {
	const { path, dateField } = NEW_RECORDS[kind];
	const enter = async (daysBack: number) => asServed(sandbox, path, await sandbox.control.inject<IDataObject>(kind, { [dateField]: serviceDate(-daysBack) }));
	const lookback = (lookbackDays: number) => ({ event: kind, options: { lookbackDays } });

	// as tenant events and bills (window.test.ts): widened, the added days are recorded; narrowed, every seen record is kept
	test('Lookback 7 → 30 → 7 → 30: the added days are recorded, not fired; what is entered within the window after an edit fires once', async () => {
		const trigger = await activeTrigger(sandbox, lookback(7), path);
		await enter(20);
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, lookback(30));
		const widened = await enter(20);
		expect(await firedJson(trigger)).toEqual([widened]);
		expect(await firedJson(trigger)).toBeNull();

		await edit(trigger, lookback(7));
		const recent = await enter(3);
		await enter(20);
		expect(await firedJson(trigger)).toEqual([recent]);

		// widened again: the one entered outside the narrowed window is recorded; nothing fired before fires again
		await edit(trigger, lookback(30));
		const later = await enter(10);
		expect(await firedJson(trigger)).toEqual([later]);
		expect(await firedJson(trigger)).toBeNull();
	});
});
