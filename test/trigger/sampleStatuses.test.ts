/**
 * Fetch Test Event on a status event looks where the chosen statuses are: an approved bill is still
 * unpaid, an assigned work order still open. Before, it read paid bills and closed orders only and
 * said there was none without asking for them. With none, it says what it searched.
 */
import type { IDataObject } from 'n8n-workflow';
import { asServed, startTestSandbox, testProfile, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

test('Bill Approved or Paid, New Status = Approved: the bill approved today, as an approval, the state untouched', async () => {
	// dated tomorrow, the last day the sample looks at: the latest such bill, whatever the seed dated today
	const bill = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval', billDate: serviceDate(1) });
	await sandbox.control.update('bill', String(bill.upstreamId), { approvalStatus: 'Approved' });
	await sandbox.control.expire('/v1/bills');
	const trigger = new TriggerUnderTest(sandbox, { event: 'billPaidOrApproved', statusFilter: ['Approved'] }, '/v1/bills');
	const { items, staticData } = await trigger.fetchTestEvent();
	expect(items).toHaveLength(1);
	expect(items?.[0].json).toMatchObject({ upstreamId: bill.upstreamId, approvalStatus: 'Approved', previousApprovalStatus: 'Pending Approval', changes: ['Approved'] });
	expect(staticData).toEqual({});
});

test('Bill Approved or Paid, New Status = Paid: a bill paid while pending approval shows its approval unchanged, not taken back', async () => {
	const bill = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Pending Approval', billDate: serviceDate(1) });
	await sandbox.control.update('bill', String(bill.upstreamId), { status: 'Paid' });
	await sandbox.control.expire('/v1/bills');
	const trigger = new TriggerUnderTest(sandbox, { event: 'billPaidOrApproved', statusFilter: ['Paid'] }, '/v1/bills');
	const { items } = await trigger.fetchTestEvent();
	expect(items).toHaveLength(1);
	expect(items?.[0].json).toMatchObject({
		upstreamId: bill.upstreamId,
		status: 'Paid',
		approvalStatus: 'Pending Approval',
		previousStatus: 'Unpaid',
		previousApprovalStatus: 'Pending Approval',
		changes: ['Paid'],
	});
});

test('Work Order Status Changed, New Status = Assigned: an order assigned today', async () => {
	let order: IDataObject | undefined;
	// the sample is a row that shows its status (the hostile profile leaves it out of some)
	for (let attempt = 0; attempt < 30 && !order; attempt++) {
		const entered = await sandbox.control.inject<IDataObject>('workOrder', {});
		if (testProfile() !== 'hostile' || asServed(sandbox, '/v1/work-orders', entered).status !== null) order = entered;
	}
	await sandbox.control.update('workOrder', String(order!.upstreamId), { status: 'Assigned' });
	await sandbox.control.expire('/v1/work-orders');
	const trigger = new TriggerUnderTest(sandbox, { event: 'workOrderStatus', statusFilter: ['Assigned'] }, '/v1/work-orders');
	const { items } = await trigger.fetchTestEvent();
	expect(items?.map((item) => [item.json.status, item.json.changes])).toEqual([['Assigned', ['Assigned']]]);
});

test('none in the last 30 days: the error says which records, dates and statuses it searched', async () => {
	const trigger = new TriggerUnderTest(sandbox, { event: 'workOrderStatus', statusFilter: ['Waiting'] }, '/v1/work-orders');
	const error = await trigger.fetchTestEvent().then(
		() => undefined,
		(thrown: Error & { description?: string }) => thrown,
	);
	expect(error?.message).toMatch(/^No work orders dated \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4} reached Waiting$/);
	expect(error?.description).toMatch(/make such a change in the service/);
});
