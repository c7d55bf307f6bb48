/**
 * The window reads send dateRange=all_time with their dates: the docs do not say that dateFrom/dateTo
 * are honoured without a range. The documented profile with `datesNeedRange` plays the stricter
 * reading (sandbox/README.md): without dateRange the endpoint's default (tenant events this_month,
 * guest cards this_month_to_date) still applies and the dates only narrow it.
 */
import type { IDataObject } from 'n8n-workflow';
import { dayInZone, serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, requestsTo, TEST_TIME_ZONE, TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, profile: 'documented' });
	await sandbox.control.config({ datesNeedRange: true });
});

afterAll(async () => {
	await sandbox?.close();
});

/** Days outside any default range of the current month, yet inside a 40-day lookback and the 60-day look-ahead. */
function monthEdges() {
	const today = dayInZone(Date.now(), TEST_TIME_ZONE);
	const [month, , year] = serviceDateOfDay(today).split('/');
	const firstOfMonth = dayOfServiceDate(`${month}/01/${year}`) as number;
	const nextMonth = Number(month) === 12 ? `01/01/${Number(year) + 1}` : `${String(Number(month) + 1).padStart(2, '0')}/01/${year}`;
	return { lastMonth: serviceDateOfDay(firstOfMonth - 1), nextMonth };
}

const WIDE_LOOKBACK = { options: { lookbackDays: 40 } };

describe('Property Management Trigger: a service that applies its default range when dateRange is absent', () => {
	test('tenant events dated last month and next month still fire', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent', ...WIDE_LOOKBACK }, '/v1/tenant-events');
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const { lastMonth, nextMonth } = monthEdges();
		const moveOut = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-out', occurredDate: lastMonth });
		const moveIn = await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-in', occurredDate: nextMonth });
		const since = await lastLogSeq(sandbox);

		const { items } = await trigger.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json)).toEqual([moveOut, moveIn]);
		const [read] = await requestsTo(sandbox, '/v1/tenant-events', since);
		expect(read.query).toMatchObject({ dateRange: 'all_time', dateFrom: expect.any(String), dateTo: expect.any(String) });
	});

	test('a guest card received last month still fires', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'guestCard', ...WIDE_LOOKBACK }, '/v1/guest-cards');
		expect((await trigger.poll({ activation: true })).items).toBeNull();
		const card = await sandbox.control.inject<IDataObject>('guestCard', { received: monthEdges().lastMonth });

		const { items } = await trigger.pollAfterUpstreamChange();
		expect(items?.map((item) => item.json)).toEqual([card]);
	});
});
