// @ts-check
'use strict';
/**
 * Everything the demo and the end-to-end tests run together: the sandbox, an SMTP sink, a webhook
 * sink standing in for Slack, and a real n8n with the packed package installed as a community
 * package, the credentials and the example workflows imported, and an owner logged in.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const runtime = require('./n8n-runtime');
const examples = require('./examples');
const { ensureTarball } = require('./package-tarball');
const { startSandbox } = require('./sandbox-process');
const { startSmtpSink } = require('./smtp-sink');
const { startWebhookSink } = require('./webhook-sink');

/** @typedef {import('./n8n-runtime').Session} Session */
/** @typedef {import('./examples').WorkflowFile} WorkflowFile */
/**
 * A workflow as n8n's REST API returns it (the parts read here).
 * @typedef {object} Workflow
 * @property {string} id
 * @property {boolean} [active]
 * @property {string} [versionId]
 * @property {WorkflowNode[]} nodes
 * @property {Record<string, unknown> | null} [staticData]
 */
/** @typedef {{ name: string, type: string, disabled?: boolean, parameters: Record<string, unknown> }} WorkflowNode */
/**
 * @typedef {object} StackOptions
 * @property {number} [n8nPort]
 * @property {number} [sandboxPort]
 * @property {number} [smtpPort]
 * @property {number} [webhookPort]
 * @property {number} [jobSeconds]
 * @property {string} [profile]
 * @property {string[]} [sandboxArgs]
 * @property {string} [installRoute]
 * @property {string} [userFolder]
 * @property {import('./n8n-install').Log} [log]
 * @property {(line: string) => void} [onSandboxLine]
 * @property {(mail: import('./smtp-sink').Mail) => void} [onMail]
 * @property {(post: import('./webhook-sink').Post) => void} [onPost]
 * @property {(workflows: WorkflowFile[]) => WorkflowFile[]} [prepareWorkflows]
 * @property {boolean} [includeTestWorkflows]
 * @property {NodeJS.ProcessEnv} [n8nEnv]
 */

/** @param {...unknown} parts */
function digest(...parts) {
	const hash = crypto.createHash('sha256');
	for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part));
	return hash.digest('hex').slice(0, 16);
}

/**
 * Ports default to the demo's; pass 0 for any free port. `userFolder` persists between runs when
 * given (the demo), so a second start skips the package install and the imports when nothing changed.
 * @param {StackOptions} [options]
 */
async function startStack(options = {}) {
	const {
		n8nPort = 5678,
		sandboxPort = 8787,
		smtpPort = 2525,
		webhookPort = 8790,
		jobSeconds = 3,
		// the sandbox's reading of the service: 'spec' or 'documented' (sandbox/README.md)
		profile = 'spec',
		// more of the sandbox's flags (sandbox/README.md), e.g. ['--units', '10000'] for a large portfolio
		sandboxArgs = [],
		// how the package gets into n8n: 'manual' (the README's npm command) or 'community-page'
		installRoute = 'manual',
		userFolder,
		log = console.log,
		onSandboxLine,
		onMail,
		onPost,
		// tests adjust the example workflows (e.g. trigger options) before they are imported
		prepareWorkflows = (workflows) => workflows,
		// the end-to-end suite's own workflows (test/e2e/workflows/) imported beside the templates; the demo leaves them out
		includeTestWorkflows = false,
		// added to n8n's environment (e.g. the durable scheduler's flags)
		n8nEnv = {},
	} = options;
	/** @type {Record<string, number>} */
	const timings = {};
	const started = Date.now();
	/** @type {Array<() => Promise<unknown>>} */
	const stoppers = [];
	const stop = async () => {
		for (const stopOne of stoppers.reverse()) await stopOne().catch(() => undefined);
	};
	try {
		const [n8n, tarball] = await Promise.all([runtime.ensureN8n({ log }), ensureTarball({ log })]);
		timings.prepared = Date.now() - started;

		const sandbox = await startSandbox({ port: sandboxPort, jobSeconds, profile, extraArgs: sandboxArgs, quiet: !onSandboxLine, onLine: onSandboxLine });
		stoppers.push(sandbox.stop);
		const smtp = await startSmtpSink({ port: smtpPort, onMail });
		stoppers.push(smtp.close);
		const webhook = await startWebhookSink({ port: webhookPort, onPost });
		stoppers.push(webhook.close);

		const folder = userFolder ?? fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'pm-n8n-'));
		fs.mkdirSync(folder, { recursive: true });
		const port = n8nPort || (await runtime.freePort());
		const credentials = examples.credentialsFor({ sandboxUrl: sandbox.url, smtpPort: smtp.port });
		const workflows = prepareWorkflows(examples.loadWorkflows({ webhookUrl: webhook.url, includeTestWorkflows }));
		await prepareUserFolder({ n8n, folder, tarball, installRoute, credentials, workflows, log });
		timings.imported = Date.now() - started;

		const server = await runtime.startN8n(n8n, folder, { port, logFile: path.join(folder, 'n8n.log'), env: n8nEnv });
		stoppers.push(server.stop);
		const session = await runtime.restSession(server.baseUrl);
		await runtime.assertNodesLoaded(server.baseUrl, session);
		timings.ready = Date.now() - started;

		return { n8n, tarball, sandbox, smtp, webhook, server, session, userFolder: folder, timings, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/**
 * Installs the package and imports credentials and workflows unless the folder already has exactly these.
 * @param {{ n8n: import('./n8n-install').Runtime, folder: string, tarball: string, installRoute: string, credentials: unknown[], workflows: WorkflowFile[], log: import('./n8n-install').Log }} options
 */
async function prepareUserFolder({ n8n, folder, tarball, installRoute, credentials, workflows, log }) {
	const stampFile = path.join(folder, 'pm-stack.json');
	const stamp = fs.existsSync(stampFile) ? JSON.parse(fs.readFileSync(stampFile, 'utf8')) : {};
	const next = {
		n8n: n8n.version,
		tarball: digest(fs.readFileSync(tarball)),
		installRoute,
		imports: digest(credentials, workflows),
	};
	if (stamp.tarball !== next.tarball || stamp.n8n !== next.n8n || stamp.installRoute !== next.installRoute) {
		log(`Installing the package into n8n (community package, ${installRoute} route)...`);
		await runtime.installPackage(folder, tarball, { route: installRoute });
	}
	if (stamp.imports !== next.imports || stamp.n8n !== next.n8n) {
		log('Importing the credentials and the example workflows...');
		await runtime.importCredentials(n8n, folder, credentials);
		await runtime.importWorkflows(n8n, folder, workflows);
	}
	fs.writeFileSync(stampFile, JSON.stringify(next, null, 2));
}

/**
 * Activates a workflow through the REST API of a running n8n and waits until it is live. n8n 1.x
 * runs the trigger's first poll inside the activate call; n8n 2.41 answers the call first and
 * activates the triggers right after, so a record entered in between would count as existing.
 * With `baseUrl`, also waits until the workflow's MCP endpoints answer. `waitUntilLive: false` returns
 * once n8n accepted the activation: under n8n's durable scheduler (2.36+) the trigger's state is kept
 * beside the workflow, not in the static data this wait reads.
 * @param {Session} session
 * @param {string} id
 * @param {{ baseUrl?: string, waitUntilLive?: boolean }} [options]
 */
async function activateWorkflow(session, id, { baseUrl, waitUntilLive: waitLive = true } = {}) {
	/** @type {Workflow} */
	const workflow = await session.call('GET', `/workflows/${id}`);
	if (workflow.active) return workflow;
	let activated;
	try {
		activated = await session.call('POST', `/workflows/${id}/activate`, { versionId: workflow.versionId });
	} catch (error) {
		// n8n 2.x activates a saved version from the workflow history, and import:workflow writes none.
		// Save the workflow once, as the editor would, so that a version exists.
		if (error.status !== 404 || !/Version not found/.test(error.message)) throw error;
		const [first, ...rest] = workflow.nodes;
		const nodes = [{ ...first, notes: 'Imported by the Property Management demo' }, ...rest];
		const saved = await session.call('PATCH', `/workflows/${id}`, { versionId: workflow.versionId, nodes });
		activated = await session.call('POST', `/workflows/${id}/activate`, { versionId: saved.versionId });
	}
	if (waitLive) await waitUntilLive(session, workflow, baseUrl);
	return activated;
}

const LIVE_TIMEOUT_MS = 3 * 60_000;

/**
 * The trigger has recorded the present (its state is in the static data), and MCP paths answer.
 * @param {Session} session
 * @param {Workflow} workflow
 * @param {string} [baseUrl]
 */
async function waitUntilLive(session, workflow, baseUrl) {
	const triggers = workflow.nodes.filter((node) => node.type.endsWith('.propertyManagementTrigger') && !node.disabled);
	const mcpPaths = baseUrl
		? workflow.nodes.filter((node) => node.type.endsWith('.mcpTrigger') && !node.disabled).map((node) => node.parameters.path)
		: [];
	const deadline = Date.now() + LIVE_TIMEOUT_MS;
	for (;;) {
		/** @type {Workflow} */
		const { staticData } = await session.call('GET', `/workflows/${workflow.id}`);
		const pendingTriggers = triggers.filter((node) => !staticData?.[`node:${node.name}`]);
		const pendingPaths = [];
		for (const mcpPath of mcpPaths) {
			const response = await fetch(`${baseUrl}/mcp/${mcpPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
			await response.text();
			if (response.status === 404) pendingPaths.push(mcpPath);
		}
		if (!pendingTriggers.length && !pendingPaths.length) return;
		if (Date.now() > deadline) {
			const activationError = await session.call('GET', `/active-workflows/error/${workflow.id}`).catch(() => null);
			throw new Error(
				`workflow ${workflow.id} was activated but is not live after ${LIVE_TIMEOUT_MS / 1000} s: ` +
					`${pendingTriggers.map((node) => `"${node.name}" recorded no state`).concat(pendingPaths.map((p) => `/mcp/${p} answers 404`)).join('; ')}` +
					`${activationError ? `; activation error: ${JSON.stringify(activationError)}` : ''}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/**
 * @param {Session} session
 * @param {string} id
 */
async function deactivateWorkflow(session, id) {
	return session.call('POST', `/workflows/${id}/deactivate`, {});
}

module.exports = { activateWorkflow, deactivateWorkflow, startStack };
