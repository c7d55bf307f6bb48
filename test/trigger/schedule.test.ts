/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject } from 'n8n-workflow';
import { asServed, startTestSandbox, type RequestLogEntry, type TestSandbox } from '../support/sandbox';
import { lastLogSeq, LONGEST_FULL_READ_PERIOD_MS, requestsTo, serviceDate, TriggerUnderTest } from './harness';

const PATH = '/v1/tenant-events';
const MAX_AGE_MS = 120_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

const laterPages = (entries: RequestLogEntry[]) => entries.filter((entry) => 'page[after]' in entry.query);
const isRecentRange = (entry: RequestLogEntry) => entry.query.dateFrom === serviceDate(0) && entry.query.dateTo === serviceDate(0);

async function requestsOfPoll(watcher: TriggerUnderTest) {
	const since = await lastLogSeq(sandbox);
	const { items } = await watcher.poll();
	return { items, requests: await requestsTo(sandbox, PATH, since) };
}

describe('Property Management Trigger: what a poll reads, and when', () => {
	test('idle polls: nothing within Max Age; then the recent day only, again once its pages beyond the first are spread at a minute a request; a first page of the snapshot already read ends the read', async () => {
		await sandbox.control.config({ pageSize: 2 });
		try {
			for (let index = 0; index < 3; index++) await sandbox.control.inject('tenantEvent', { event: 'Notice', occurredDate: serviceDate(0) });
			const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
			await watcher.poll({ activation: true });

			expect((await requestsOfPoll(watcher)).requests).toHaveLength(0);

			watcher.elapse(MAX_AGE_MS);
			const recent = await requestsOfPoll(watcher);
			expect(recent.items).toBeNull();
			expect(recent.requests.every(isRecentRange)).toBe(true);
			expect(laterPages(recent.requests).length).toBeGreaterThanOrEqual(1); // the recent day spans pages

			// within Max Age plus a minute per request beyond a one-page read's two (schedule.ts frequentReadPeriodMs): nothing
			const periodMs = MAX_AGE_MS + 60_000 * (recent.requests.length - 2);
			watcher.elapse(periodMs - 60_000);
			expect((await requestsOfPoll(watcher)).requests).toHaveLength(0);
			// the service still serves that snapshot: one request, no later page
			watcher.elapse(60_000);
			const unchanged = await requestsOfPoll(watcher);
			console.log(`idle poll, recent day already read: ${unchanged.requests.length} request(s); recent day refreshed: ${recent.requests.length}`);
			expect(unchanged.requests).toHaveLength(1);
			expect(unchanged.items).toBeNull();
		} finally {
			await sandbox.control.config({ pageSize: 50 });
		}
	});

	test('a back-dated event is emitted by the next full-window read, once; an event of today by the next recent read', async () => {
		// pages of 10: the full window takes several requests, so its period is longer than Max Age
		await sandbox.control.config({ pageSize: 10 });
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		await watcher.poll({ activation: true });
		// as the service lists them (the hostile profile nulls fields of some records)
		const backDated = asServed(sandbox, PATH, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Move-out', occurredDate: serviceDate(-5) }));
		const ofToday = asServed(sandbox, PATH, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(0) }));
		await sandbox.control.expire(PATH);

		watcher.elapse(MAX_AGE_MS);
		const recent = await requestsOfPoll(watcher);
		expect(recent.requests.every(isRecentRange)).toBe(true);
		expect(recent.items?.map((item) => item.json.occurredDate)).toEqual([ofToday.occurredDate]);

		watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
		const full = await requestsOfPoll(watcher);
		expect(full.requests.some((entry) => entry.query.dateFrom === serviceDate(-14))).toBe(true);
		expect(full.items?.map((item) => item.json.occurredDate)).toEqual([backDated.occurredDate]);
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
		await sandbox.control.config({ pageSize: 50 });
	});

	test('a slow refresh does not put the recent day off: the looks at a running refresh are not counted, it is read again after Max Age', async () => {
		// pages of 10: the full window's period is longer than the two Max Ages this test lets pass
		await sandbox.control.config({ pageSize: 10 });
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { maxWait: 40 } }, PATH);
		await watcher.poll({ activation: true });
		await sandbox.control.config({ jobSeconds: 25 });
		try {
			watcher.elapse(MAX_AGE_MS);
			const slow = await requestsOfPoll(watcher);
			expect(slow.requests.every(isRecentRange)).toBe(true);
			// the answer that started the refresh, two looks while it ran, the page
			expect(slow.requests.length).toBeGreaterThanOrEqual(4);
		} finally {
			await sandbox.control.config({ jobSeconds: 1 });
		}
		const ofToday = asServed(sandbox, PATH, await sandbox.control.inject<IDataObject>('tenantEvent', { event: 'Notice', occurredDate: serviceDate(0) }));
		await sandbox.control.expire(PATH);
		// counted, the looks put the next read 2 minutes further off (CI, 2026-11-28: none within 8 minutes)
		watcher.elapse(MAX_AGE_MS);
		const next = await requestsOfPoll(watcher);
		expect(next.requests.length).toBeGreaterThan(0);
		expect(next.requests.every(isRecentRange)).toBe(true);
		expect(next.items?.map((item) => item.json.occurredDate)).toEqual([ofToday.occurredDate]);
		await sandbox.control.config({ pageSize: 50 });
	}, 90_000);

	test('state whose recent day cost more than the full window (looks counted before 2026-11-28) is read again after Max Age once the full window was read', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'tenantEvent' }, PATH);
		await watcher.poll({ activation: true });
		const state = watcher.memory['node:Property Management'] as IDataObject;
		const reads = state.reads as Record<string, IDataObject>;
		// as saved by a read that looked 11 times at a running refresh: its period was 12 minutes
		reads.recent = { ...reads.full, query: 'recent day', requests: 12 };
		watcher.elapse(LONGEST_FULL_READ_PERIOD_MS);
		const full = await requestsOfPoll(watcher);
		expect(full.requests.some((entry) => !isRecentRange(entry))).toBe(true);
		// the recent day's cost is now at most the full window's (its pages beyond the first, a minute each)
		const fullRequests = Number(((watcher.memory['node:Property Management'] as IDataObject).reads as Record<string, IDataObject>).full.requests);
		expect(fullRequests).toBeLessThan(12);
		watcher.elapse(MAX_AGE_MS + 60_000 * Math.max(0, fullRequests - 2));
		const recent = await requestsOfPoll(watcher);
		expect(recent.requests.length).toBeGreaterThan(0);
		expect(recent.requests.every(isRecentRange)).toBe(true);
	});

	test('Max Wait 40 s: a refresh that ends after 35 s still reaches the poll (the last look is at 40 s)', async () => {
		const watcher = new TriggerUnderTest(sandbox, { event: 'guestCard' }, '/v1/guest-cards');
		await watcher.poll({ activation: true });
		await sandbox.control.config({ jobSeconds: 35 });
		try {
			const card = await sandbox.control.inject<IDataObject>('guestCard', {});
			const { items } = await watcher.pollAfterUpstreamChange();
			expect(items?.map((item) => item.json.guestCardId)).toEqual([card.guestCardId]);
		} finally {
			await sandbox.control.config({ jobSeconds: 1 });
		}
	}, 90_000);
});
