/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { okPage, startCraftedServer, type CraftedReply } from '../support/craftedServer';
import { engineCall } from '../support/engineCall';
import { runNode } from '../support/n8n';
import { nodeType } from '../node/writes/harness';
import { credentialsOf, errorText } from './setup';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

const createVendor = (companyName: string) =>
	engineCall(credentialsOf(sandbox), { method: 'POST', path: '/v1/vendors', body: { companyName } });

async function vendorsNamed(companyName: string) {
	return (await sandbox.control.records<IDataObject>('vendors')).filter((vendor) => vendor.companyName === companyName);
}

const postsTo = async (path: string) => (await sandbox.control.log()).filter((entry) => entry.method === 'POST' && entry.path === path);

describe('faults on creates: never sent twice', () => {
	test('a 500 on a create: not re-sent, a clear error; the user’s one re-run makes exactly one record', async () => {
		const name = `Fault 500 Plumbing ${Date.now()}`;
		await sandbox.control.fault({ type: '500', count: 1, path: '/v1/vendors' });
		const failed = await createVendor(name);
		expect(failed.error?.message).toMatch(/HTTP 500/);
		expect(errorText(failed.error)).not.toContain(sandbox.key);
		expect(await postsTo('/v1/vendors')).toHaveLength(1);
		expect(await vendorsNamed(name)).toHaveLength(0);

		const rerun = await createVendor(name);
		expect(rerun.error).toBeUndefined();
		expect(await postsTo('/v1/vendors')).toHaveLength(2);
		expect(await vendorsNamed(name)).toHaveLength(1);
	});
});

describe('a create answered with the record and errors[]: the error never hides the record that was made', () => {
	const madeWithErrors = async (record: IDataObject) => {
		const server = await startCraftedServer(() => ({ status: 201, body: { ...okPage('/v1/tenant-charge', [record]), errors: [{ message: 'posted to a closed month' }] } }));
		try {
			const outcome = await engineCall({ apiKey: 'crafted-key', baseUrl: server.url }, { method: 'POST', path: '/v1/tenant-charge', body: { amount: '12' } }, {}, { spacingMs: 0 });
			expect(server.seen).toHaveLength(1);
			expect(outcome.error?.message).toContain('created /v1/tenant-charge but listed problems in errors[]: posted to a closed month');
			return String(outcome.error?.description);
		} finally {
			await server.close();
		}
	};

	test('a tenant charge is named by its tenantChargeId', async () => {
		expect(await madeWithErrors({ tenantChargeId: 5001, amount: '12.00', description: null })).toContain('Created record id(s): 5001.');
	});

	test('a record whose ids the answer left null is named by what it has, else said to exist', async () => {
		expect(await madeWithErrors({ tenantChargeId: null, upstreamId: null, description: 'Late fee' })).toContain('Created record id(s): "Late fee" (the answer gave no id).');
		expect(await madeWithErrors({ tenantChargeId: null, amount: null })).toContain('Created record id(s): a record whose id the answer left null.');
	});
});

describe('issue 45 item 3: a create whose answer is not the usual envelope', () => {
	/** A Vendor → Create through the real node against a server that answers every request with `answer`. */
	const createAgainst = async (answer: CraftedReply, options: INodeParameters = {}) => {
		const server = await startCraftedServer(() => answer);
		try {
			const run = await runNode({
				nodeType,
				parameters: { resource: 'vendor', operation: 'create', companyName: 'Crafted Vendor', options },
				credentials: { apiKey: 'crafted-key-0001', baseUrl: server.url },
			});
			return { ...run, seen: server.seen.map((request) => `${request.method} ${request.url}`) };
		} finally {
			await server.close();
		}
	};

	test('the record without meta is output, not called a wrong Base URL', async () => {
		const { items, error, seen } = await createAgainst({ body: { data: [{ upstreamId: 'V-77', companyName: 'Crafted Vendor' }], errors: [] } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ upstreamId: 'V-77', companyName: 'Crafted Vendor' }]);
		expect(seen).toEqual(['POST /v1/vendors']);
	});

	test('the record with a meta.jobId (the refresh job of the spec) is output at once: no job poll', async () => {
		const { items, error, seen } = await createAgainst(
			{ body: { meta: { status: 'updating', jobId: 'job_12' }, data: [{ upstreamId: 'V-78' }], errors: [] } },
			{ includeMeta: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ upstreamId: 'V-78', _meta: expect.objectContaining({ jobId: 'job_12' }) }]);
		expect(seen).toEqual(['POST /v1/vendors']);
	});

	test.each([
		['JSON without meta or record', { result: 'ok' }],
		['an empty record list without meta', { data: [], errors: [] }],
		['a record that is not a list', { data: { upstreamId: 'V-79' } }],
	])('%s: the error says the record may have been created and what to check, after one POST', async (_case, body) => {
		const { items, error, seen } = await createAgainst({ body });
		expect(items).toEqual([]);
		expect(seen).toEqual(['POST /v1/vendors']);
		expect(error?.message).toContain('the record may have been created');
		expect(errorText(error)).toContain('may have created the record');
		expect(error?.description).toContain('Base URL');
		expect(errorText(error)).not.toContain('crafted-key-0001');
	});
});

describe('issue 45 item 6: under Continue On Fail the error item of a create that was sent keeps the caution', () => {
	const vendorCreate = (companyName: string) => ({ resource: 'vendor', operation: 'create', companyName });

	test('a 500 on a create: the error item says the record may have been created, in its one error field', async () => {
		const name = `Continue 500 ${Date.now()}`;
		await sandbox.control.fault({ type: '500', count: 1, path: '/v1/vendors' });
		const { items, error } = await runNode({ nodeType, parameters: vendorCreate(name), credentials: credentialsOf(sandbox), continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		// one field, `error`: what n8n's error output routes on
		expect(Object.keys(items[0].json)).toEqual(['error']);
		expect(items[0].json.error).toMatch(/^The service could not process \/v1\/vendors \(HTTP 500\)\. The service may have created the record all the same: check \(e\.g\. with Get Many\) before running this again\.$/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.stringify(items)).not.toContain(sandbox.key);
	});

	test('a refusal (4xx: nothing was created) carries no caution', async () => {
		const server = await startCraftedServer(() => ({ status: 400, body: { message: 'companyName is taken', errors: [] } }));
		try {
			const { items } = await runNode({
				nodeType,
				parameters: vendorCreate('Taken LLC'),
				credentials: { apiKey: 'crafted-key-0001', baseUrl: server.url },
				continueOnFail: true,
			});
			expect(items.map((item) => item.json)).toEqual([{ error: 'companyName is taken' }]);
		} finally {
			await server.close();
		}
	});

	test('a record made with errors[]: the error item names the record to check', async () => {
		const server = await startCraftedServer(() => ({ body: { ...okPage('/v1/vendors', [{ upstreamId: 'V-80' }]), errors: ['tax id not verified'] } }));
		try {
			const { items } = await runNode({
				nodeType,
				parameters: vendorCreate('Half Made LLC'),
				credentials: { apiKey: 'crafted-key-0001', baseUrl: server.url },
				continueOnFail: true,
			});
			expect(items).toHaveLength(1);
			expect(items[0].json.error).toContain('created /v1/vendors but listed problems in errors[]: tax id not verified');
			expect(items[0].json.error).toContain('Created record id(s): V-80. Check them before running this again.');
		} finally {
			await server.close();
		}
	});
});
