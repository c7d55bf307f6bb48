/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The notify recipe (examples/fresh-data-with-notify-url.json) in a real n8n against the sandbox's
 * documented profile, where the service calls the notify URL at once when the data is already fresh
 * (sandbox/README.md, "Spec or docs"). Every branch of the recipe runs: a refresh that is running
 * (pending → Wait → cached read), data already fresh (the records go straight on), a last refresh
 * that failed (no webhook will come: none-expected → cached read at once, no Wait), and a webhook
 * that comes before the Wait node listens (n8n refuses it; the Wait node's time limit ends the wait).
 */
import { randomUUID } from 'node:crypto';
import { activateWorkflow, control, examples, getExecution, itemsOf, listExecutions, runToEnd, sandboxLog, startE2eStack, waitFor, type Json, type Stack } from './support';

const MINUTE = 60_000;
const { WORKFLOWS, SANDBOX_KEY } = examples;
const ASK = 'Rent roll, or a notification';
const WAIT = 'Wait for the service';

/**
 * The recipe as it ships, except: the Wait node's time limit is 5 s instead of 10 minutes, so that a
 * case whose webhook is lost ends within the test's time; and a Webhook trigger beside the manual one,
 * so that the workflow also runs as production executions do (an active workflow started by a
 * trigger: n8n marks such an execution `running` at once). Same nodes, same branches otherwise.
 */
const EARLY_HOOK = { id: 'pmTestEarlyHook1', waitLimitSeconds: 5, path: 'pm-test-early-notify' };
function recipeWithShortWaitLimit(): Json {
	const recipe = examples.loadWorkflows().find((workflow: Json) => workflow.id === WORKFLOWS.freshDataNotify);
	const copy = JSON.parse(JSON.stringify(recipe));
	const wait = copy.nodes.find((node: Json) => node.name === WAIT);
	// the shipped limit, checked here so that this copy cannot drift from a recipe without one
	expect(wait.parameters).toMatchObject({ limitWaitTime: true, limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' });
	wait.parameters = { ...wait.parameters, resumeAmount: EARLY_HOOK.waitLimitSeconds, resumeUnit: 'seconds' };
	if (wait.webhookId) wait.webhookId = randomUUID();
	const start = copy.nodes.find((node: Json) => node.name === 'Start');
	copy.nodes.push({
		parameters: { httpMethod: 'POST', path: EARLY_HOOK.path, options: {} },
		name: 'Start (production)',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [start.position[0], start.position[1] + 200],
		webhookId: randomUUID(),
	});
	copy.connections['Start (production)'] = copy.connections.Start;
	return { ...copy, id: EARLY_HOOK.id, name: `${copy.name} (test copy: ${EARLY_HOOK.waitLimitSeconds} s Wait limit)`, active: false, versionId: randomUUID() };
}

let stack: Stack;

beforeAll(async () => {
	// a refresh of 3 s: the service calls back after n8n has parked the execution in the Wait node
	stack = await startE2eStack({ profile: 'documented', jobSeconds: 3, extraWorkflows: [recipeWithShortWaitLimit()] });
	process.stderr.write(`[e2e] n8n ${stack.n8n.version} ready (documented profile); timings ${JSON.stringify(stack.timings)}\n`);
}, 20 * MINUTE);

afterAll(async () => {
	await stack?.stop();
});

/** Items of one output of a node's first run (an IF node: 0 = true, 1 = false). */
function outputOf(runData: Json, nodeName: string, output: number): Json[] {
	return (runData[nodeName]?.[0]?.data?.main?.[output] ?? []).map((item: Json) => item.json);
}

let freshRows: Json[] = [];

test('a refresh is running: one pending item → Wait resumes on the service POST → the cached read returns the fresh rows', async () => {
	await control(stack, 'POST', '/restart'); // no cache entry: the first answer is "updating"
	const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 3 * MINUTE);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');

	const asked = itemsOf(runData, ASK);
	expect(asked).toHaveLength(1);
	expect(asked[0]).toMatchObject({ pending: true, _meta: { status: 'updating' } });
	expect(outputOf(runData, 'Notification coming?', 0)).toHaveLength(1);
	expect(outputOf(runData, 'Notification coming?', 1)).toHaveLength(0);

	const [resumed] = itemsOf(runData, 'Wait for the service');
	expect(resumed.body).toMatchObject({ status: 'ok', jobId: expect.any(String), path: expect.stringContaining('rent-roll') });
	freshRows = itemsOf(runData, 'Read the fresh rent roll');
	expect(freshRows.length).toBeGreaterThan(0);
	expect(freshRows.every((row) => row._meta?.status === 'ok')).toBe(true);
	expect(itemsOf(runData, 'Rent roll')).toHaveLength(freshRows.length);

	const asks = (await sandboxLog(stack)).filter((entry) => entry.path.includes('rent-roll') && entry.notifyUrl);
	expect(asks).toHaveLength(1);
	expect(asks[0].notifyUrl).toContain(`/webhook-waiting/${execution.id}`);
}, 5 * MINUTE);

test('data already fresh: the records at once, the IF sends them on, no Wait node runs', async () => {
	expect(freshRows.length).toBeGreaterThan(0); // the refresh of the test above is under 60 s old
	const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 2 * MINUTE);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');

	const asked = itemsOf(runData, ASK);
	expect(asked.some((item) => item.pending !== undefined)).toBe(false);
	expect(asked.map((row) => row.upstreamId ?? row.unit)).toEqual(freshRows.map((row) => row.upstreamId ?? row.unit));
	expect(asked.every((row) => row._meta?.status === 'ok')).toBe(true);
	expect(outputOf(runData, 'Notification coming?', 0)).toHaveLength(0);
	expect(outputOf(runData, 'Notification coming?', 1)).toHaveLength(freshRows.length);
	expect(runData['Wait for the service']).toBeUndefined();
	expect(itemsOf(runData, 'Rent roll')).toHaveLength(freshRows.length);
}, 3 * MINUTE);

test('the last refresh failed: none-expected skips the Wait and reads the cached rows at once', async () => {
	expect(freshRows.length).toBeGreaterThan(0);
	const [ask] = (await sandboxLog(stack)).filter((entry) => entry.path.includes('rent-roll') && entry.notifyUrl);
	const query = new URLSearchParams(ask.query as Record<string, string>).toString();
	const sandboxNow = (await control(stack, 'GET', '/config')).clock as string;
	// the rows are now 2 minutes old, over Max Age 60; every refresh fails from here on
	await control(stack, 'POST', '/config', { failRefreshes: true, clock: new Date(Date.parse(sandboxNow) + 2 * MINUTE).toISOString() });
	try {
		// another client's read starts the refresh that fails, so the recipe's own read finds it failed
		await new Promise((resolve) => setTimeout(resolve, 1_100)); // the key's last request was n8n's, just now
		const started = await fetch(`${stack.sandbox.url}${ask.path}?${query}`, { headers: { 'X-API-Key': SANDBOX_KEY, 'X-API-MAX-AGE': '60' } });
		expect({ status: started.status, meta: ((await started.json()) as Json).meta?.status }).toEqual({ status: 200, meta: 'updating' });
		await new Promise((resolve) => setTimeout(resolve, 4_500));

		const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 2 * MINUTE);
		const runData = execution.data.resultData.runData;
		expect(execution.status).toBe('success');
		const asked = itemsOf(runData, ASK);
		expect(asked).toHaveLength(1);
		expect(asked[0]).toMatchObject({ pending: false, notify: 'none-expected', reason: expect.any(String) });
		expect(outputOf(runData, 'No notification coming?', 0)).toHaveLength(1);
		expect(runData['Wait for the service']).toBeUndefined();
		const rows = itemsOf(runData, 'Rent roll');
		expect(rows).toHaveLength(freshRows.length);
		// the rows the failed refresh left in the cache: the last good snapshot's
		const idOf = (row: Json) => row.upstreamId ?? row.unit;
		expect(rows.map(idOf)).toEqual(freshRows.map(idOf));
		expect(rows.some((row) => row.notify !== undefined)).toBe(false);
	} finally {
		await control(stack, 'POST', '/config', { failRefreshes: false });
	}
}, 3 * MINUTE);

/**
 * One run of the test copy whose webhook overtakes the service's answer (sandbox `notifyBeforeAnswer`:
 * the refresh ends at once and the resume URL is called, and answered, before the read that started it
 * is answered), so the call reaches n8n while the node that asked is still running: the earliest it can
 * come. Returns what n8n answered the call, and which path ended the Wait: the call's body (resumed) or
 * the pending item (its time limit).
 */
async function runWithInstantRefresh(start: () => Promise<Json>): Promise<{ execution: Json; call: Json; path: 'resume call' | 'time limit'; rows: Json[]; ms: number }> {
	const sandboxNow = Date.parse((await control(stack, 'GET', '/config')).clock as string);
	await control(stack, 'POST', '/config', { notifyBeforeAnswer: true, failRefreshes: false });
	await control(stack, 'POST', '/restart'); // no snapshot: whatever rows come out were made by this run's refresh
	const sentBefore = ((await control(stack, 'GET', '/notifications')) as Json[]).length;
	try {
		const startedAt = Date.now();
		const execution = await start();
		const ms = Date.now() - startedAt;
		const runData = execution.data.resultData.runData;
		expect(execution.status).toBe('success');
		const asked = itemsOf(runData, ASK);
		expect(asked).toHaveLength(1);
		expect(asked[0]).toMatchObject({ pending: true, _meta: { status: 'updating' } });

		// the service called the resume URL once, and n8n answered it while the asking node still ran
		const calls = ((await control(stack, 'GET', '/notifications')) as Json[]).slice(sentBefore).filter((call) => call.url.includes(`/webhook-waiting/${execution.id}`));
		expect(calls).toHaveLength(1);
		const [call] = calls;
		const askRun = runData[ASK][0];
		expect(call.answeredAt).toBeLessThanOrEqual(askRun.startTime + askRun.executionTime);

		// what ended the wait agrees with what n8n answered the call: its body when accepted, the limit when refused
		const [waited] = itemsOf(runData, WAIT);
		const accepted = call.status >= 200 && call.status < 300;
		if (accepted) expect(waited.body).toMatchObject({ status: 'ok', jobId: call.jobId });
		else expect({ body: waited.body, pending: waited.pending }).toEqual({ body: undefined, pending: true });

		// either way the cached read returns the rows of the refresh that called
		const rows = itemsOf(runData, 'Rent roll');
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.every((row) => row._meta?.status === 'ok' && row._meta.lastUpdated >= Math.floor(sandboxNow / 1000))).toBe(true);
		if (freshRows.length) expect(rows.map((row) => row.upstreamId ?? row.unit)).toEqual(freshRows.map((row) => row.upstreamId ?? row.unit));
		return { execution, call, path: accepted ? 'resume call' : 'time limit', rows, ms };
	} finally {
		await control(stack, 'POST', '/config', { notifyBeforeAnswer: false });
	}
}

test('the webhook comes before the Wait node listens (it overtakes the answer to the node), production execution: n8n answers 409, the Wait limit ends the wait, the cached read returns the fresh rows', async () => {
	await activateWorkflow(stack, EARLY_HOOK.id);
	const before = new Set((await listExecutions(stack, EARLY_HOOK.id)).map((run) => run.id));
	const { call, path, ms } = await runWithInstantRefresh(async () => {
		// n8n 2.x registers an activated workflow's webhooks just after answering the activation
		const started = await waitFor(
			'the production webhook to be registered',
			async () => {
				const response = await fetch(`${stack.server.baseUrl}/webhook/${EARLY_HOOK.path}`, { method: 'POST' });
				await response.text();
				return response.status === 404 ? undefined : response;
			},
			MINUTE,
			500,
		);
		expect(started.status).toBe(200);
		const run = await waitFor(
			'the production execution to end',
			async () => (await listExecutions(stack, EARLY_HOOK.id)).find((one) => !before.has(one.id) && ['success', 'error', 'crashed', 'canceled'].includes(one.status)),
			3 * MINUTE,
			500,
		);
		return { ...(await getExecution(stack, run.id)), id: run.id };
	});
	// n8n source (WaitingWebhooks): a resume call for an execution still "running" is a 409, and the service never retries it
	expect(call.status).toBe(409);
	expect(path).toBe('time limit');
	process.stderr.write(`[e2e] early webhook, production execution, n8n ${stack.n8n.version}: n8n answered ${call.status}; the ${EARLY_HOOK.waitLimitSeconds} s limit ended the wait; the run took ${(ms / 1000).toFixed(1)} s\n`);
}, 4 * MINUTE);

