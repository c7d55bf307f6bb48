/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Helpers of the end-to-end suite: a real n8n (scripts/stack.js), the sandbox's control API,
 * CLI and REST executions, and waiting on things that happen once a minute.
 */
import * as path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports */
const stackModule = require('../../scripts/stack');
const runtime = require('../../scripts/n8n-runtime');
export const examples = require('../../scripts/examples');
/* eslint-enable @typescript-eslint/no-require-imports */

/* eslint-disable @typescript-eslint/no-explicit-any -- the JSON of n8n's REST API, the sandbox and the sinks, read field by field */
export type Json = Record<string, any>;

export interface Stack {
	n8n: { bin: string; dir: string; version: string; nodeBin: string };
	/** the packed package the stack installed */
	tarball: string;
	sandbox: { url: string };
	smtp: { port: number; mails: Array<{ from: string; to: string[]; subject: string; body: string; receivedAt: string }> };
	webhook: { url: string; posts: Array<{ path: string; body: any; receivedAt: string }> };
	server: { baseUrl: string; port: number; stop: () => Promise<void> };
	session: { call: (method: string, route: string, body?: unknown) => Promise<any> };
	userFolder: string;
	timings: Record<string, number>;
	stop: () => Promise<void>;
}

/**
 * The scheduler the trigger's e2e tests run under: n8n's durable one (n8n 2.41's four flags for what 2.45
 * turns on by default: `@n8n/config` scheduler.config.js, poll-cursor.service.js), or with
 * E2E_SCHEDULER=memory the in-memory one. The durable one exists from n8n 2.36: on 1.x those tests skip.
 */
export const schedulerUnderTest = (() => {
	const inMemory = process.env.E2E_SCHEDULER === 'memory';
	const version: string = runtime.DEFAULT_VERSION;
	const durableFlags = {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	};
	return {
		inMemory,
		name: inMemory ? 'in-memory scheduler' : 'durable scheduler',
		env: inMemory ? {} : durableFlags,
		version,
		availableHere: inMemory || Number(version.split('.')[0]) >= 2,
	};
})();

export interface E2eStackOptions {
	/** the sandbox's reading of the service (sandbox/README.md); default `spec` */
	profile?: 'spec' | 'documented';
	/** how the package gets into n8n (scripts/n8n-runtime.js installPackage); default `manual`, the README's command */
	installRoute?: 'manual' | 'community-page';
	/** imported next to the example workflows */
	extraWorkflows?: Json[];
	/** a test's changes to an example before import, after the test Max Age (e.g. a shorter Wait) */
	prepareWorkflow?: (workflow: Json) => Json;
	/** import the templates with their pinned sample data (a test of the templates' manual runs) */
	keepPinnedData?: boolean;
}

/** Other keys go to scripts/stack.js as they are, e.g. `{ jobSeconds: 3 }`. */
export async function startE2eStack(options: E2eStackOptions & Json = {}): Promise<Stack> {
	const { extraWorkflows, prepareWorkflow = (workflow: Json) => workflow, keepPinnedData = false, ...overrides } = options;
	const pinned = (workflow: Json) => (keepPinnedData ? workflow : withoutPinnedData(workflow));
	return stackModule.startStack({
		n8nPort: 0,
		sandboxPort: 0,
		smtpPort: 0,
		webhookPort: 0,
		// A refresh job of one second keeps each "wait until fresh" round to the engine's look-again interval.
		jobSeconds: 1,
		profile: options.profile ?? 'spec',
		log: (line: string) => process.stderr.write(`[e2e] ${line}\n`),
		// the suite's own workflows (test/e2e/workflows/, e.g. every-resource.json) beside the templates
		includeTestWorkflows: true,
		prepareWorkflows: (workflows: Json[]) => [
			...workflows.map((workflow) => prepareWorkflow(withTestTriggerMaxAge(pinned(workflow)))),
			...(extraWorkflows ?? []).map(pinned),
		],
		...overrides,
	});
}

/**
 * The templates carry pinned sample data, so that "Test workflow" runs without an account. n8n uses it
 * in manual runs only (n8n 2.x reads it from the saved workflow, whatever the request sends), where
 * these tests want the service: the suite's n8n gets the workflows without it, unless a test of the
 * templates' own manual runs asks for it. CLI (`n8n execute`) and
 * trigger executions never use pinned data.
 */
function withoutPinnedData(workflow: Json): Json {
	return { ...workflow, pinData: {} };
}

/**
 * The examples keep the trigger's default max age (120 s: a new record fires within about two
 * minutes plus the poll interval). The sandbox never expires caches for injected records, so the
 * tests ask for data at most 60 s old, the service's documented minimum (the trigger refuses less):
 * a poll a minute after the last refresh then refreshes and sees what was injected before it.
 */
function withTestTriggerMaxAge(workflow: Json): Json {
	for (const node of workflow.nodes) {
		if (node.type.endsWith('.propertyManagementTrigger')) node.parameters.options = { ...node.parameters.options, maxAge: 60 };
	}
	return workflow;
}

/**
 * Activates a workflow and waits until it is live: triggers have recorded the present, MCP paths answer.
 * `waitUntilLive: false` (n8n's durable scheduler, whose trigger state the wait cannot see): returns once activated.
 */
export const activateWorkflow = (stack: Stack, id: string, { waitUntilLive = true } = {}) =>
	stackModule.activateWorkflow(stack.session, id, { baseUrl: stack.server.baseUrl, waitUntilLive });

export async function control(stack: Stack, method: string, route: string, body?: unknown): Promise<any> {
	const response = await fetch(`${stack.sandbox.url}/__sandbox${route}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as Json;
	if (!response.ok) throw new Error(`${method} /__sandbox${route} -> ${response.status}: ${JSON.stringify(json)}`);
	return json.data;
}

export const inject = (stack: Stack, kind: string, record: Json) => control(stack, 'POST', '/inject', { kind, record });
export const sandboxLog = (stack: Stack): Promise<Json[]> => control(stack, 'GET', '/log');

/** `n8n execute --id --rawOutput`: the run data keyed by node name; throws with n8n's output on failure. */
export async function executeByCli(stack: Stack, workflowId: string): Promise<Json> {
	let stdout: string;
	try {
		({ stdout } = await runtime.cli(stack.n8n, stack.userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], {
			port: stack.server.port,
		}));
	} catch (error: any) {
		throw new Error(`n8n execute --id=${workflowId} failed:\n${String(error.stdout ?? '').slice(-4000)}\n${error.stderr ?? ''}`);
	}
	const start = stdout.indexOf('{');
	if (start === -1) throw new Error(`n8n execute printed no JSON:\n${stdout}`);
	const run = JSON.parse(stdout.slice(start));
	return run.data.resultData.runData;
}

/**
 * Starts the workflow by hand and waits for the execution to end; returns it with its run data.
 * `orWaiting`: an execution that stops at a Wait node counts as ended too.
 */
export async function runToEnd(stack: Stack, workflowId: string, triggerName: string, timeoutMs: number, { orWaiting = false } = {}): Promise<Json> {
	const executionId = await runManually(stack, workflowId, triggerName);
	const ended = ['success', 'error', 'crashed', 'canceled', ...(orWaiting ? ['waiting'] : [])];
	const execution = await waitFor(
		`execution ${executionId} of ${workflowId} to end`,
		async () => {
			const current = await getExecution(stack, executionId);
			return ended.includes(current.status) ? current : undefined;
		},
		timeoutMs,
	);
	return { ...execution, id: executionId };
}

/** Items a node returned in its first run (main output 0). */
export function itemsOf(runData: Json, nodeName: string): Json[] {
	const runs = runData[nodeName];
	if (!runs) throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(runData).join(', ')}`);
	if (runs[0].error) throw new Error(`node "${nodeName}" failed: ${JSON.stringify(runs[0].error).slice(0, 1000)}`);
	return (runs[0].data?.main?.[0] ?? []).map((item: Json) => item.json);
}

/** Starts a manual execution in the running n8n (needed when a Wait node must be resumed over HTTP). */
export async function runManually(stack: Stack, workflowId: string, triggerName: string): Promise<string> {
	const workflowData = await stack.session.call('GET', `/workflows/${workflowId}`);
	const result = await stack.session.call('POST', `/workflows/${workflowId}/run`, {
		workflowData,
		triggerToStartFrom: { name: triggerName },
	});
	if (!result?.executionId) throw new Error(`n8n did not start an execution: ${JSON.stringify(result)}`);
	return String(result.executionId);
}

/** An execution with its run data decoded (the REST API sends it in n8n's "flatted" form). */
export async function getExecution(stack: Stack, executionId: string): Promise<Json> {
	const execution = await stack.session.call('GET', `/executions/${executionId}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(require.resolve('flatted', { paths: [path.join(stack.n8n.dir, 'node_modules', 'n8n')] }));
	const data = typeof execution.data === 'string' ? flatted.parse(execution.data) : execution.data;
	return { ...execution, data };
}

/** Executions of one workflow, newest first. */
export async function listExecutions(stack: Stack, workflowId: string): Promise<Json[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const result = await stack.session.call('GET', `/executions?filter=${filter}&limit=50`);
	return result.results ?? result;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, everyMs = 1000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined && value !== false) return value as T;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

/**
 * Waits until a trigger poll that started after `afterMs` has finished: a matching request in the
 * sandbox log after that time, then 15 s without another one (a poll waiting for fresh data looks
 * again every 10 s), plus a moment for the workflow run it may have started.
 */
export async function waitForCompletedPoll(
	stack: Stack,
	isPollRequest: (entry: Json) => boolean,
	afterMs: number,
	withinMs = 2 * 60_000,
): Promise<void> {
	const later = async () => (await sandboxLog(stack)).filter((entry) => isPollRequest(entry) && entry.time > afterMs);
	await waitFor('a later poll', async () => (await later()).length > 0, withinMs, 2000);
	await waitFor(
		'the poll to finish',
		async () => {
			const entries = await later();
			return Date.now() - Math.max(...entries.map((entry) => entry.time)) > 15_000;
		},
		2 * 60_000,
		2000,
	);
	await sleep(3000);
}
