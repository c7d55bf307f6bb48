/**
 * Asynchronous writes (the public docs; sandbox profile `documented`) through the real node and
 * n8n-core's execution: one POST, the job polled by GET with its id, the record returned; a job that
 * ends with errors[] or outlives Max Wait is a clear error; an answer without the record warns that the
 * record may exist.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../helpers/n8n';
import { isJobPoll, nodeType, startWritesSandbox, type WritesSandbox } from '../node/writes/harness';
import { startCraftedServer } from './craftedServer';
import { errorText } from './setup';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox({ profile: 'documented', jobSeconds: 2 });
});
afterAll(async () => await env.close());
beforeEach(async () => {
	await env.clear();
	await env.sandbox.control.config({ jobSeconds: 2 });
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
		expect(errorText(error)).toContain('check (e.g. with Get Many) before running this again');
	});

	it('a 2xx that is not JSON warns that the record may have been created', async () => {
		await env.sandbox.control.fault({ type: 'malformed', count: 1, path: '/v1/vendors' });
		const { error } = await env.run(createVendor(`Malformed ${Date.now()}`));
		expect(error?.message).toContain('not a JSON envelope');
		expect(errorText(error)).toContain('may have created the record');
		expect((await env.apiLog()).filter((entry) => entry.method === 'POST')).toHaveLength(1);
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
