/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The engine's waits in a real n8n, with the package installed the two ways users install it:
 * the gaps the sandbox sees between requests, and whether n8n answers while a node waits. The
 * executions run inside the n8n server (started over REST, as the editor does), so a wait that held
 * the event loop would hold up its /healthz too. One n8n start per install route.
 */
import * as path from 'node:path';
import { control, examples, itemsOf, runToEnd, sandboxLog, startE2eStack, type Json, type Stack } from './support';

/* eslint-disable @typescript-eslint/no-require-imports */
const runtime = require('../../scripts/n8n-runtime');
/* eslint-enable @typescript-eslint/no-require-imports */

const MINUTE = 60_000;
const CREDENTIAL = { propertyManagementApi: { id: examples.CREDENTIALS.propertyManagement.id, name: examples.CREDENTIALS.propertyManagement.name } };
const FIVE_ITEMS = 'pmE2eFiveItemsGetMe';
const WAIT_MODE = 'pmE2eWaitModeTenants';

function manualWorkflow(id: string, name: string, nodes: Json[]): Json {
	const all: Json[] = [
		{ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((node, index) => ({ id: `${id}-${index}`, typeVersion: 1, position: [220 * (index + 1), 0], ...node })),
	];
	const connections = Object.fromEntries(
		all.slice(0, -1).map((node, index) => [node.name, { main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] }]),
	);
	return { id, name, active: false, settings: { executionOrder: 'v1' }, pinData: {}, nodes: all, connections };
}

const fiveItemsWorkflow = manualWorkflow(FIVE_ITEMS, 'Five items, one request each (end-to-end check)', [
	{
		name: 'Five items',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: 'return [1, 2, 3, 4, 5].map((n) => ({ json: { n } }));' },
	},
	{
		name: 'Who am I',
		type: 'n8n-nodes-property-management.propertyManagement',
		parameters: { resource: 'user', operation: 'getMe' },
		credentials: CREDENTIAL,
	},
]);

const waitModeWorkflow = manualWorkflow(WAIT_MODE, 'Tenants in wait mode (end-to-end check)', [
	{
		name: 'Tenants',
		type: 'n8n-nodes-property-management.propertyManagement',
		parameters: { resource: 'tenant', operation: 'getAll', returnAll: true, options: { freshness: 'wait' } },
		credentials: CREDENTIAL,
	},
]);

let stack: Stack;
let server: Stack['server'];
let session: Stack['session'];

beforeAll(async () => {
	stack = await startE2eStack({ installRoute: 'manual', extraWorkflows: [fiveItemsWorkflow, waitModeWorkflow] });
	({ server, session } = stack);
	process.stderr.write(`[e2e] n8n ${stack.n8n.version} ready (package installed with the README's npm command)\n`);
}, 20 * MINUTE);

afterAll(async () => {
	await server?.stop();
	await stack?.stop();
});

/**
 * Runs a workflow inside the n8n server and asks its /healthz every 250 ms meanwhile; gives the
 * execution and the slowest /healthz answer (a timed-out ask counts as its 5 s limit).
 */
async function runWhileProbing(workflowId: string): Promise<{ execution: Json; slowestHealthzMs: number }> {
	let slowestHealthzMs = 0;
	let running = true;
	const probing = (async () => {
		while (running) {
			const asked = Date.now();
			await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
				(response) => response.text(),
				() => undefined,
			);
			slowestHealthzMs = Math.max(slowestHealthzMs, Date.now() - asked);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	})();
	try {
		const execution = await runToEnd({ ...stack, session }, workflowId, 'Start', 3 * MINUTE);
		return { execution, slowestHealthzMs };
	} finally {
		running = false;
		await probing;
	}
}

const gapsOf = (entries: Json[]) => entries.slice(1).map((entry, index) => entry.time - entries[index].time);
const isFirstPage = (entry: Json) => !Object.keys(entry.query ?? {}).some((name) => name.startsWith('page'));

/** Five items of User → Get Me on a warm cache: five requests, at least 1 s apart at the sandbox. */
async function checkFiveItems(route: string) {
	// a cold /v1/me makes every concurrent item wait for the refresh and ask again: warm it first
	const warm = await runWhileProbing(FIVE_ITEMS);
	expect(itemsOf(warm.execution.data.resultData.runData, 'Who am I')).toHaveLength(5);
	await control(stack, 'DELETE', '/log');
	const { execution, slowestHealthzMs } = await runWhileProbing(FIVE_ITEMS);
	expect(itemsOf(execution.data.resultData.runData, 'Who am I')).toHaveLength(5);
	const requests = (await sandboxLog(stack)).filter((entry) => entry.path === '/v1/me');
	expect(requests.map((entry) => entry.status)).toEqual([200, 200, 200, 200, 200]);
	const gaps = gapsOf(requests);
	process.stderr.write(`[e2e] ${route}: five items, gaps at the sandbox ${gaps.join(', ')} ms; slowest /healthz ${slowestHealthzMs} ms\n`);
	expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
	expect(slowestHealthzMs).toBeLessThan(1000);
}

test('installed with the README command: wait mode polls the first URL 10 s apart, and n8n answers meanwhile', async () => {
	await control(stack, 'DELETE', '/log');
	const { execution, slowestHealthzMs } = await runWhileProbing(WAIT_MODE);
	expect(execution.status).toBe('success');
	expect(itemsOf(execution.data.resultData.runData, 'Tenants').length).toBeGreaterThan(0);
	const firstPage = (await sandboxLog(stack)).filter((entry) => entry.path === '/v1/tenants' && isFirstPage(entry));
	const gaps = gapsOf(firstPage);
	process.stderr.write(`[e2e] manual: wait mode, ${firstPage.length} looks at the first URL, gaps ${gaps.join(', ')} ms; slowest /healthz ${slowestHealthzMs} ms\n`);
	// the first answer is always stale on a new URL: at least one look again
	expect(firstPage.length).toBeGreaterThanOrEqual(2);
	expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9500);
	expect(slowestHealthzMs).toBeLessThan(1000);
}, 5 * MINUTE);

test('installed with the README command: five items send five requests at least 1 s apart', async () => {
	await checkFiveItems('manual');
}, 5 * MINUTE);

test("installed as n8n's Community Nodes page does: loads, and five items keep the key's spacing", async () => {
	await server.stop();
	await runtime.installPackage(stack.userFolder, stack.tarball, { route: 'community-page' });
	server = await runtime.startN8n(stack.n8n, stack.userFolder, { port: stack.server.port, logFile: path.join(stack.userFolder, 'n8n.log') });
	session = await runtime.restSession(server.baseUrl);
	await runtime.assertNodesLoaded(server.baseUrl, session);
	await checkFiveItems('community-page');
}, 10 * MINUTE);
