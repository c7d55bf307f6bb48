import type { IDataObject } from 'n8n-workflow';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
import { serviceDate, TriggerUnderTest } from './harness';

/** The fields of a bill list row (spec "Bill (list row)"), what Get Many returns per bill. */
const BILL_LIST_ROW_FIELDS = [
	'amount',
	'billDate',
	'cashAccountName',
	'dueDate',
	'glAccountName',
	'hasAttachment',
	'payeeName',
	'propertyAndUnitNames',
	'reference',
	'status',
	'upstreamId',
];

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

describe('Property Management Trigger: bills and guest cards', () => {
	test('bills: a new (also back-dated) bill matching the filters is emitted once as a list row', async () => {
		const approvedBills = new TriggerUnderTest(sandbox, { event: 'bill', filters: { approvalStatus: 'Approved' } }, '/v1/bills');
		expect((await approvedBills.poll({ activation: true })).items).toBeNull();

		await sandbox.control.inject('bill', { approvalStatus: 'Pending Approval', billDate: serviceDate(0) });
		const approved = await sandbox.control.inject<IDataObject>('bill', { approvalStatus: 'Approved', billDate: serviceDate(-6) });
		const { items } = await approvedBills.pollAfterUpstreamChange();
		expect(items).toHaveLength(1);
		expect(items?.[0].json.upstreamId).toBe(approved.upstreamId);
		expect(Object.keys(items?.[0].json ?? {}).sort()).toEqual(BILL_LIST_ROW_FIELDS);

		expect((await approvedBills.pollAfterUpstreamChange()).items).toBeNull();
		// every read carries the filter: the full window (by bill date) and the open read (unpaid, any date)
		const requests = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/bills');
		expect(requests.every((entry) => entry.query.approvalStatus === 'Approved')).toBe(true);
		expect(requests.some((entry) => typeof entry.query.billDateFrom === 'string')).toBe(true);
	});

	test('guest cards: a new card is emitted once, exactly as the service lists it', async () => {
		const guestCards = new TriggerUnderTest(sandbox, { event: 'guestCard' }, '/v1/guest-cards');
		expect((await guestCards.poll({ activation: true })).items).toBeNull();

		// as the service lists it (the hostile profile nulls fields of some cards)
		const card = asServed(sandbox, '/v1/guest-cards', await sandbox.control.inject<IDataObject>('guestCard', {}));
		const { items } = await guestCards.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json)).toEqual([card]);
		expect((await guestCards.pollAfterUpstreamChange()).items).toBeNull();
	});
});
