/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * An asynchronous create in a real n8n (scripts/stack.js, sandbox profile `documented`): the POST is
 * answered with a job id, the node polls the job and returns the record; the sandbox sees one POST.
 */
import { control, executeByCli, itemsOf, runToEnd, sandboxLog, startE2eStack, type Json, type Stack } from './support';

const MINUTE = 60_000;
const WORKFLOW_ID = 'pmE2eAsyncCreate';
const VENDOR_NAME = 'E2E Async Roofing LLC';

const asyncCreateWorkflow: Json = {
	id: WORKFLOW_ID,
	name: 'Asynchronous create (end-to-end check)',
	active: false,
	settings: { executionOrder: 'v1' },
	pinData: {},
	nodes: [
		{
			id: 'a5c0e2e0-0000-4000-8000-000000000001',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'a5c0e2e0-0000-4000-8000-000000000002',
			name: 'Create vendor',
			type: 'n8n-nodes-property-management.propertyManagement',
			typeVersion: 1,
			position: [220, 0],
			parameters: {
				resource: 'vendor',
				operation: 'create',
				companyName: VENDOR_NAME,
				additionalFields: {},
				options: { includeMeta: true },
			},
			credentials: { propertyManagementApi: { id: 'pmApiCredential1', name: 'Property Management API' } },
		},
	],
	connections: { Start: { main: [[{ node: 'Create vendor', type: 'main', index: 0 }]] } },
};

/**
 * Issue 27, gap 1: a service that ignores `?jobId=` answers the job poll with the plain vendor list (`ok`,
 * no meta.jobId). The list is read first (a warm cache entry), and the write job fails (`failWriteJobs`) so
 * it does not expire that entry: the poll then gets the existing vendors, which must never be output as created.
 */
const UNPROVEN_WORKFLOW_ID = 'pmE2eAsyncCreateUnproven';
const UNPROVEN_VENDOR_NAME = 'E2E Unproven Job LLC';
const unprovenJobWorkflow: Json = {
	id: UNPROVEN_WORKFLOW_ID,
	name: 'Asynchronous create, job poll without the job id (end-to-end check)',
	active: false,
	settings: { executionOrder: 'v1' },
	pinData: {},
	nodes: [
		{
			id: 'a5c0e2e0-0000-4000-8000-000000000011',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'a5c0e2e0-0000-4000-8000-000000000012',
			name: 'List vendors',
			type: 'n8n-nodes-property-management.propertyManagement',
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'vendor', operation: 'getAll', returnAll: true, options: {} },
			credentials: { propertyManagementApi: { id: 'pmApiCredential1', name: 'Property Management API' } },
		},
		{
			id: 'a5c0e2e0-0000-4000-8000-000000000013',
			name: 'Create vendor',
			type: 'n8n-nodes-property-management.propertyManagement',
			typeVersion: 1,
			position: [440, 0],
			executeOnce: true,
			parameters: {
				resource: 'vendor',
				operation: 'create',
				companyName: UNPROVEN_VENDOR_NAME,
				additionalFields: {},
				options: { includeMeta: true },
			},
			credentials: { propertyManagementApi: { id: 'pmApiCredential1', name: 'Property Management API' } },
		},
	],
	connections: {
		Start: { main: [[{ node: 'List vendors', type: 'main', index: 0 }]] },
		'List vendors': { main: [[{ node: 'Create vendor', type: 'main', index: 0 }]] },
	},
};

let stack: Stack;

beforeAll(async () => {
	stack = await startE2eStack({ profile: 'documented', extraWorkflows: [asyncCreateWorkflow, unprovenJobWorkflow] });
}, 20 * MINUTE);

afterAll(async () => {
	await stack?.stop();
});

test('an asynchronous create: exactly one POST, the job polled, the record returned', async () => {
	await control(stack, 'DELETE', '/log');
	const runData = await executeByCli(stack, WORKFLOW_ID);
	const items = itemsOf(runData, 'Create vendor');
	expect(items).toHaveLength(1);
	expect(items[0]).toMatchObject({ companyName: VENDOR_NAME, _meta: { status: 'ok', jobId: expect.stringMatching(/^wjob_/) } });

	const log = (await sandboxLog(stack)).filter((entry) => entry.path === '/v1/vendors');
	const posts = log.filter((entry) => entry.method === 'POST');
	const polls = log.filter((entry) => entry.method === 'GET' && entry.query.jobId !== undefined);
	expect(posts).toHaveLength(1);
	expect(polls.length).toBeGreaterThanOrEqual(1);
	expect(polls.every((poll) => poll.query.jobId === items[0]._meta.jobId)).toBe(true);
	process.stderr.write(`[e2e] asynchronous create: ${posts.length} POST, ${polls.length} job poll(s)\n`);

	const stored = await control(stack, 'GET', `/records/vendors?id=${encodeURIComponent(items[0].upstreamId)}`);
	expect(stored).toEqual([expect.objectContaining({ companyName: VENDOR_NAME })]);
}, 5 * MINUTE);

test('a job poll answered without the job id: no existing vendor is output as created, and the error names the job', async () => {
	await control(stack, 'POST', '/config', { jobPollIgnoresJobId: true, failWriteJobs: true });
	try {
		const vendorsBefore: Json[] = await control(stack, 'GET', '/records/vendors');
		await control(stack, 'DELETE', '/log');
		const execution = await runToEnd(stack, UNPROVEN_WORKFLOW_ID, 'Start', 3 * MINUTE);
		const runData = execution.data.resultData.runData;
		expect(execution.status).toBe('error');
		expect(itemsOf(runData, 'List vendors').length).toBeGreaterThan(0);

		const log = (await sandboxLog(stack)).filter((entry) => entry.path === '/v1/vendors');
		const posts = log.filter((entry) => entry.method === 'POST');
		const polls = log.filter((entry) => entry.method === 'GET' && entry.query.jobId !== undefined);
		expect(posts).toHaveLength(1);
		expect(polls.length).toBeGreaterThanOrEqual(1);
		const jobId = String(polls[0].query.jobId);
		expect(jobId).toMatch(/^wjob_/);

		const createRun = runData['Create vendor'][0];
		// the node failed: it output no item, so no existing vendor passes for a created one
		expect(createRun.data?.main?.[0] ?? []).toEqual([]);
		const message = String(createRun.error?.message ?? execution.data.resultData.error?.message);
		expect(message).toContain(`The outcome of job ${jobId} on /v1/vendors is unknown`);
		expect(message).toContain('does not name the job');
		expect(String(createRun.error?.description ?? '')).toContain('none is output as created');
		process.stderr.write(`[e2e] job poll without the job id: ${posts.length} POST, ${polls.length} poll(s), error names ${jobId}\n`);

		const vendorsAfter: Json[] = await control(stack, 'GET', '/records/vendors');
		expect(vendorsAfter).toHaveLength(vendorsBefore.length);
	} finally {
		await control(stack, 'POST', '/config', { jobPollIgnoresJobId: false, failWriteJobs: false });
	}
}, 5 * MINUTE);
