/**
 * The two readings of a create (sandbox/README.md "Writes"): `spec` answers with the record at once,
 * `documented` accepts a job that a GET with `jobId` polls. In both, the tax number sent as `taxId`
 * never comes back, not even in the echo of the body in `meta.query`.
 */
import type { SandboxProfile } from '../../../sandbox/server/options';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause, type ApiAnswer } from '../core/client';

const TAX_ID = '12-3456789';
const sandboxes: Partial<Record<SandboxProfile, TestSandbox>> = {};

beforeAll(async () => {
	for (const profile of ['spec', 'documented'] as const) {
		sandboxes[profile] = await startTestSandbox({ profile, jobSeconds: 0.3, rateLimit: false });
	}
});
afterAll(async () => {
	for (const sandbox of Object.values(sandboxes)) await sandbox?.close();
});

const postVendor = (sandbox: TestSandbox, body: object) =>
	call(sandbox, '/v1/vendors', { method: 'POST', body: JSON.stringify(body) });

async function pollJob(sandbox: TestSandbox, jobId: string): Promise<ApiAnswer[]> {
	const answers: ApiAnswer[] = [];
	for (let attempt = 0; attempt < 50; attempt++) {
		const answer = await call(sandbox, `/v1/vendors?jobId=${encodeURIComponent(jobId)}`);
		answers.push(answer);
		if (answer.body?.meta?.status !== 'updating') return answers;
		await pause(50);
	}
	throw new Error(`job ${jobId} never ended`);
}

describe('creates in the two profiles', () => {
	it('spec: the POST answers with the record; taxId is redacted in meta.query', async () => {
		const sandbox = sandboxes.spec as TestSandbox;
		const created = await postVendor(sandbox, { companyName: 'Spec Tax LLC', taxId: TAX_ID });
		expect(created.status).toBe(200);
		expect(created.body.meta).toMatchObject({ status: 'ok', query: { companyName: 'Spec Tax LLC', taxId: '[redacted]' } });
		expect(created.body.data[0].companyName).toBe('Spec Tax LLC');
		expect(created.text).not.toContain(TAX_ID);
	});

	it('documented: the POST answers "ok" with a job id and no data; the job is updating, then ok with the record', async () => {
		const sandbox = sandboxes.documented as TestSandbox;
		const accepted = await postVendor(sandbox, { companyName: 'Documented Tax LLC', taxId: TAX_ID });
		expect(accepted.status).toBe(200);
		expect(accepted.body.data).toBeUndefined();
		expect(accepted.body.meta).toMatchObject({ status: 'ok', jobId: expect.stringMatching(/^wjob_/) });
		expect(accepted.text).not.toContain(TAX_ID);
		const answers = await pollJob(sandbox, accepted.body.meta.jobId);
		expect(answers[0].body.meta.status).toBe('updating');
		const final = answers[answers.length - 1];
		expect(final.body).toMatchObject({
			meta: { status: 'ok', jobId: accepted.body.meta.jobId, query: { taxId: '[redacted]' }, count: 1 },
			data: [{ companyName: 'Documented Tax LLC' }],
			errors: [],
		});
		for (const answer of answers) expect(answer.text).not.toContain(TAX_ID);
		const stored = await sandbox.control.records<{ companyName: string }>('vendors', final.body.data[0].upstreamId);
		expect(stored[0].companyName).toBe('Documented Tax LLC');
	});

	it('documented: a refusal arrives when the job ends, in errors[], and nothing is stored', async () => {
		const sandbox = sandboxes.documented as TestSandbox;
		const before = (await sandbox.control.records('vendors')).length;
		const accepted = await postVendor(sandbox, { companyName: 'Refused LLC', glAccountId: '999999' });
		expect(accepted.status).toBe(200);
		const answers = await pollJob(sandbox, accepted.body.meta.jobId);
		const final = answers[answers.length - 1].body;
		expect(final.data).toEqual([]);
		expect(final.errors).toEqual([expect.objectContaining({ field: 'glAccountId', message: expect.stringContaining('999999') })]);
		expect(await sandbox.control.records('vendors')).toHaveLength(before);
	});

	it('documented: an unknown job id is a 404 naming jobId; a job of another path is unknown there', async () => {
		const sandbox = sandboxes.documented as TestSandbox;
		expect((await call(sandbox, '/v1/vendors?jobId=wjob_nope')).status).toBe(404);
		const accepted = await postVendor(sandbox, { companyName: 'Elsewhere LLC' });
		const elsewhere = await call(sandbox, `/v1/bills?jobId=${accepted.body.meta.jobId}`);
		expect(elsewhere.status).toBe(404);
		expect(elsewhere.body.errors[0].field).toBe('jobId');
	});

	describe('documented readings the docs leave open (issue 27), set through the control API', () => {
		afterEach(async () => {
			await (sandboxes.documented as TestSandbox).control.config({ writeAcceptedStatus: 'ok', jobPollIgnoresJobId: false, failWriteJobs: false });
		});

		it('writeAcceptedStatus "updating": the POST answers updating with the job id', async () => {
			const sandbox = sandboxes.documented as TestSandbox;
			await sandbox.control.config({ writeAcceptedStatus: 'updating' });
			const accepted = await postVendor(sandbox, { companyName: 'Updating LLC' });
			expect(accepted.body.meta).toMatchObject({ status: 'updating', jobId: expect.stringMatching(/^wjob_/) });
		});

		it('jobPollIgnoresJobId: a GET with jobId answers the plain list, without meta.jobId', async () => {
			const sandbox = sandboxes.documented as TestSandbox;
			await sandbox.control.config({ jobPollIgnoresJobId: true });
			const accepted = await postVendor(sandbox, { companyName: 'Ignored LLC' });
			let answer = await call(sandbox, `/v1/vendors?jobId=${accepted.body.meta.jobId}`);
			for (let attempt = 0; attempt < 50 && answer.body.meta.status !== 'ok'; attempt++) {
				await pause(100);
				answer = await call(sandbox, `/v1/vendors?jobId=${accepted.body.meta.jobId}`);
			}
			expect(answer.body.meta.status).toBe('ok');
			expect(answer.body.meta.jobId).toBeUndefined();
			expect(answer.body.data.length).toBeGreaterThan(1);
		});

		it('failWriteJobs: the job ends stale with statusDetails, no record, no errors[], nothing stored', async () => {
			const sandbox = sandboxes.documented as TestSandbox;
			await sandbox.control.config({ failWriteJobs: true });
			const before = (await sandbox.control.records('vendors')).length;
			const accepted = await postVendor(sandbox, { companyName: 'Failed Job LLC' });
			const answers = await pollJob(sandbox, accepted.body.meta.jobId);
			const final = answers[answers.length - 1].body;
			expect(final).toMatchObject({ meta: { status: 'stale', jobId: accepted.body.meta.jobId, statusDetails: { code: 502 } }, errors: [] });
			expect(final.data).toBeUndefined();
			expect(await sandbox.control.records('vendors')).toHaveLength(before);
		});
	});
});
