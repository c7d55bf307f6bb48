/**
 * An asynchronous create in a real n8n (scripts/stack.js, sandbox profile `documented`): the POST is
 * answered with a job id, the node polls the job and returns the record; the sandbox sees one POST.
 */
import { control, executeByCli, itemsOf, sandboxLog, startE2eStack, type Json, type Stack } from './support';

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
			credentials: { propertyManagementApi: { id: 'pmSandboxApiCred', name: 'Property Management sandbox' } },
		},
	],
	connections: { Start: { main: [[{ node: 'Create vendor', type: 'main', index: 0 }]] } },
};

let stack: Stack;

beforeAll(async () => {
	stack = await startE2eStack({ profile: 'documented', extraWorkflows: [asyncCreateWorkflow] });
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
