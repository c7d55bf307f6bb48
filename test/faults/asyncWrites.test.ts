/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Asynchronous writes (the public docs; sandbox profile `documented`) through the real node and
 * n8n-core's execution: one POST, the job polled by GET with its id, the record returned; a job that
 * ends with errors[] or outlives Max Wait is a clear error; an answer without the record warns that the
 * record may exist.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../support/n8n';
import { isJobPoll, nodeType, startWritesSandbox, type WritesSandbox } from '../node/writes/harness';
import { startCraftedServer } from '../support/craftedServer';
import { untilLogged } from '../support/sandbox';
import { errorText } from './setup';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox({ profile: 'documented', jobSeconds: 2 });
});
afterAll(async () => await env.close());
beforeEach(async () => {
	await env.clear();
	await env.sandbox.control.config({ jobSeconds: 2, jobPollIgnoresJobId: false, failWriteJobs: false, writeAcceptedStatus: 'ok' });
});

const createVendor = (companyName: string, extra: IDataObject = {}) => ({
	resource: 'vendor',
	operation: 'create',
	companyName,
	...extra,
});

describe('asynchronous creates', () => {
	it('sends exactly one POST, polls the job by id and returns the created record', async () => {
		const name = `Async Roofing ${Date.now()}`;
		const { items, error } = await env.run(createVendor(name, { options: { includeMeta: true } }));
		expect(error).toBeUndefined();
		const log = await env.apiLog();
		const posts = log.filter((entry) => entry.method === 'POST');
		const polls = log.filter(isJobPoll);
		expect(posts).toHaveLength(1);
		expect(polls.length).toBeGreaterThanOrEqual(1);
		expect(log).toHaveLength(posts.length + polls.length);
		const jobId = items[0]?.json._meta && (items[0].json._meta as IDataObject).jobId;
		expect(polls.every((poll) => poll.query.jobId === jobId)).toBe(true);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ companyName: name });
		const stored = await env.sandbox.control.records<IDataObject>('vendors', String(items[0].json.upstreamId));
		expect(stored[0]).toMatchObject({ companyName: name });
	});

	it("a job that ends with errors[] is the item's error, quoting the service", async () => {
		const { items, error } = await env.run(
			createVendor(`Refused ${Date.now()}`, { additionalFields: { glAccountId: '999999' } }),
		);
		expect(items).toEqual([]);
		expect(error?.message).toContain('refused /v1/vendors');
		expect(error?.message).toContain('glAccountId 999999 is not a GL account');
		expect((await env.apiLog()).filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('a job still running after Max Wait: the error says it was accepted and gives the job id', async () => {
		await env.sandbox.control.config({ jobSeconds: 60 });
		const name = `Slow Job ${Date.now()}`;
		const { error } = await env.run(createVendor(name, { options: { maxWait: 6 } }));
		const log = await env.apiLog();
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		const jobId = String(log.find(isJobPoll)?.query.jobId);
		expect(error?.message).toContain('accepted /v1/vendors but was still processing it');
		expect(error?.message).toContain(jobId);
		expect(error?.description).toContain('look the record up: list the vendors (Vendor → Get Many)');
		expect(error?.description).toContain('running it again blindly may create the record twice');
		// issue 45, 4: the last look falls on Max Wait itself (5 s, then 6 s), and the figures are the time waited
		const post = log.find((entry) => entry.method === 'POST')!;
		const polls = log.filter(isJobPoll);
		expect(polls).toHaveLength(2);
		expect(polls[1].time - post.time).toBeGreaterThanOrEqual(5_900);
		expect(error?.message).toContain('still processing it after 6 s');
		expect(error?.description).toMatch(/2 look\(s\) over 6 s/);
	});

	it('stopped while waiting for the job: recorded as canceled, the job named and the look-up first, one POST', async () => {
		await env.sandbox.control.config({ jobSeconds: 60 });
		let execution: { cancel(): void } | undefined;
		const running = env.run(createVendor(`Stopped Job ${Date.now()}`, { options: { maxWait: 30 } }), {
			onStarted: (started) => (execution = started),
		});
		await untilLogged(env.sandbox.control, (log) => log.some((entry) => entry.method === 'POST' && entry.path.startsWith('/v1/')));
		await new Promise((resolve) => setTimeout(resolve, 500));
		const stoppedAt = Date.now();
		execution?.cancel();
		const { run, error } = await running;
		expect(Date.now() - stoppedAt).toBeLessThan(2_000);
		expect(run.status).toBe('canceled');
		const log = await env.apiLog();
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(error?.message).toMatch(/canceled: no further requests were sent for \/v1\/vendors/);
		expect(error?.description).toMatch(/stopped while the node waited for the write job/);
		expect(error?.description).toMatch(/accepted as job \S+ before this check on it broke off/);
		expect(error?.description).toContain('look the record up: list the vendors (Vendor → Get Many)');
	});

	it('issue 45, 6: under Continue On Fail, the error item of a job still running after Max Wait names the job and the lookup', async () => {
		await env.sandbox.control.config({ jobSeconds: 60 });
		const { items, error } = await env.run(createVendor(`Slow Job Continue ${Date.now()}`, { options: { maxWait: 3 } }), { continueOnFail: true });
		expect(error).toBeUndefined();
		const jobId = String((await env.apiLog()).find(isJobPoll)?.query.jobId);
		expect(items.map((item) => Object.keys(item.json))).toEqual([['error']]);
		expect(items[0].json.error).toBe(
			`The service accepted /v1/vendors but was still processing it after 3 s (job ${jobId}). The record may have been created (job ${jobId}): list the vendors (Vendor → Get Many), with Options → Max Age 60, before running this item again.`,
		);
	});

	it('issue 45, 4: a job that ends after 8 s is looked at once more at Max Wait (12 s): the record, not an error', async () => {
		await env.sandbox.control.config({ jobSeconds: 8 });
		const name = `Late Job ${Date.now()}`;
		const { items, error } = await env.run(createVendor(name, { options: { maxWait: 12 } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.companyName)).toEqual([name]);
		const log = await env.apiLog();
		const post = log.find((entry) => entry.method === 'POST')!;
		const polls = log.filter(isJobPoll);
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(polls).toHaveLength(2);
		expect(polls[1].time - post.time).toBeGreaterThanOrEqual(11_900);
	}, 60_000);

	it('a 2xx that is not JSON warns that the record may have been created', async () => {
		await env.sandbox.control.fault({ type: 'malformed', count: 1, path: '/v1/vendors' });
		const { error } = await env.run(createVendor(`Malformed ${Date.now()}`));
		expect(error?.message).toContain('not a JSON envelope');
		expect(errorText(error)).toContain('may have created the record');
		expect((await env.apiLog()).filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});
});

describe('issue 27: a write job is over only when the service proves it', () => {
	it('gap 1: a job poll answered without the job id (the service ignores ?jobId=) outputs no existing record as created', async () => {
		const existing = await env.rows('/v1/vendors'); // a warm list: the ignored poll answers ok with its rows
		expect(existing.length).toBeGreaterThan(0);
		await env.clear();
		// a long write job: the list's cache entry stays as warmed, so the ignored poll answers ok with its rows
		await env.sandbox.control.config({ jobPollIgnoresJobId: true, writeAcceptedStatus: 'updating', jobSeconds: 60 });
		const name = `Unproven Job ${Date.now()}`;
		const { items, error } = await env.run(createVendor(name));
		expect(items).toEqual([]);
		const log = await env.apiLog();
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		const jobId = String(log.find(isJobPoll)?.query.jobId);
		expect(jobId).toMatch(/^wjob_/);
		expect(error?.message).toContain(`The outcome of job ${jobId} on /v1/vendors is unknown`);
		expect(error?.description).toContain('none is output as created');
		expect(error?.description).toContain('look the record up: list the vendors (Vendor → Get Many)');
		expect(error?.description).not.toMatch(/run (this|it) again\.?$/);
	}, 60_000);

	it('gap 1: a poll answered with another job id (e.g. a refresh job of the list) is an unknown outcome too', async () => {
		await env.sandbox.control.config({ jobPollIgnoresJobId: true, writeAcceptedStatus: 'updating' });
		await env.sandbox.control.restart(); // no cache entry: the ignored poll starts a refresh job and names it
		const { items, error } = await env.run(createVendor(`Other Job ${Date.now()}`));
		expect(items).toEqual([]);
		const log = await env.apiLog();
		const jobId = String(log.find(isJobPoll)?.query.jobId);
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(error?.message).toContain(`The outcome of job ${jobId} on /v1/vendors is unknown`);
		expect(error?.message).toMatch(/names job job_\w+/);
	}, 60_000);

	it('gap 4: a job that ends "stale" stops the polling at once and names the job and the lookup, never a blind re-run', async () => {
		await env.sandbox.control.config({ failWriteJobs: true, writeAcceptedStatus: 'updating' });
		const { items, error } = await env.run(
			{ ...createVendor(`Failed Job ${Date.now()}`), options: { maxWait: 300 } },
		);
		expect(items).toEqual([]);
		const log = await env.apiLog();
		const polls = log.filter(isJobPoll);
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(polls).toHaveLength(1); // the 2 s job had ended by the first look: no polling until Max Wait
		const jobId = String(polls[0].query.jobId);
		expect(error?.message).toMatch(new RegExp(`^(Item 0: )?Job ${jobId} on /v1/vendors ended with status "stale", not "ok"$`));
		expect(error?.description).toContain('502 The refresh from the upstream system failed');
		expect(error?.description).toContain('whether the record was written is unknown');
		expect(error?.description).toContain('look the record up');
		expect(error?.description).toContain('running it again blindly may create the record twice');
	}, 60_000);

	it('gap 4: a tenant charge whose job fails points to the occupancy\'s charges', async () => {
		await env.sandbox.control.config({ failWriteJobs: true, writeAcceptedStatus: 'updating' });
		const tenants = await env.rows('/v1/tenants');
		const occupancyId = String(tenants.find((tenant) => tenant.occupancyUpstreamId)!.occupancyUpstreamId);
		const glAccounts = await env.rows('/v1/gl-accounts');
		const lateFees = String(glAccounts.find((account) => account.number === '4200')!.upstreamId);
		const today = (await env.sandbox.control.config()).clock.slice(0, 10);
		await env.clear();
		const { error } = await env.run({
			resource: 'tenantLedger',
			operation: 'createCharge',
			occupancyId: { __rl: true, mode: 'id', value: occupancyId },
			amount: '25.00',
			chargeDate: today,
			postingDate: today,
			glAccountId: { __rl: true, mode: 'id', value: lateFees },
		});
		expect(error?.message).toMatch(/^(Item 0: )?Job wjob_\w+ on \/v1\/tenant-charge ended with status "stale"/);
		expect(error?.description).toContain("list the occupancy's charges (Tenant Ledger → Get Many with the same Occupancy)");
	}, 60_000);

	it('gap 5: a POST answered "ok" with a job id and no data is an accepted job: polled, the record returned', async () => {
		await env.sandbox.control.config({ writeAcceptedStatus: 'ok' });
		const name = `Ok Accepted ${Date.now()}`;
		const { items, error } = await env.run(createVendor(name, { options: { includeMeta: true } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ companyName: name, _meta: { status: 'ok', jobId: expect.stringMatching(/^wjob_/) } });
		const log = await env.apiLog();
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(log.filter(isJobPoll).length).toBeGreaterThanOrEqual(1);
	});

	it('gap 6: X-API-PROCESSING-MODE goes with the POST that starts the write, not with its polls', async () => {
		await env.sandbox.control.config({ writeAcceptedStatus: 'updating' });
		const { error } = await env.run(createVendor(`Longer ${Date.now()}`, { options: { processingMode: 'longer' } }));
		expect(error).toBeUndefined();
		const log = await env.apiLog();
		const post = log.find((entry) => entry.method === 'POST');
		expect(post?.processingMode).toBe('longer');
		const polls = log.filter(isJobPoll);
		expect(polls.length).toBeGreaterThanOrEqual(1);
		expect(polls.map((poll) => poll.processingMode)).toEqual(polls.map(() => null));
	});
});

describe('crafted answers to a create', () => {
	it('a synchronous 2xx with errors[] and no record is an error quoting every message', async () => {
		const crafted = await startCraftedServer(() => ({
			body: {
				meta: { status: 'ok', path: '/v1/vendors', count: 0 },
				data: [],
				errors: [{ code: 'duplicate', message: 'a vendor of that name exists', field: 'companyName' }, 'tax id mismatch'],
			},
		}));
		try {
			const { items, error } = await runNode({
				nodeType,
				parameters: createVendor('Errors LLC'),
				credentials: { apiKey: 'crafted-key', baseUrl: crafted.url },
			});
			expect(items).toEqual([]);
			expect(error?.message).toContain('refused /v1/vendors');
			expect(error?.message).toContain('companyName: a vendor of that name exists');
			expect(error?.message).toContain('tax id mismatch');
			expect(crafted.seen).toHaveLength(1);
		} finally {
			await crafted.close();
		}
	});

	it('without the record and without a job id: an error warning the record may have been created, after one POST', async () => {
		const crafted = await startCraftedServer(() => ({ body: { meta: { status: 'ok', path: '/v1/vendors' }, errors: [] } }));
		try {
			const { items, error } = await runNode({
				nodeType,
				parameters: createVendor('No Data LLC'),
				credentials: { apiKey: 'crafted-key', baseUrl: crafted.url },
			});
			expect(items).toEqual([]);
			expect(error?.message).toContain('without the created record');
			expect(errorText(error)).toContain('may have created the record');
			expect(crafted.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
			expect(crafted.seen).toHaveLength(1);
		} finally {
			await crafted.close();
		}
	});
});
