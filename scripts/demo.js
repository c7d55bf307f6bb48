// @ts-check
'use strict';
/**
 * `npm run demo`: the sandbox, a local SMTP sink, a Slack-like webhook sink and a real n8n with this
 * package installed, the example workflows imported and the two trigger examples active.
 * Ctrl-C stops everything it started. n8n's data stays in .demo/n8n, so the next start takes seconds.
 */
const path = require('node:path');
const { parseArgs } = require('node:util');
const { OWNER } = require('./n8n-runtime');
const { MCP_TOKEN, RECIPES, WORKFLOWS, SANDBOX_KEY } = require('./examples');
const { activateWorkflow, startStack } = require('./stack');
const { ROOT } = require('./package-tarball');

const USAGE = `usage: npm run demo -- [--port 5678] [--sandbox-port 8787] [--smtp-port 2525] [--webhook-port 8790]
                     [--job-seconds 3] [--quiet-sandbox]`;

/**
 * @param {Record<string, string | boolean | undefined>} values parseArgs's values
 * @param {string} name
 * @param {number} fallback
 */
function portFlag(values, name, fallback) {
	const raw = values[name];
	if (raw === undefined) return fallback;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--${name} must be a port, got "${raw}"`);
	return port;
}

/** @param {import('./smtp-sink').Mail} mail */
function printMail(mail) {
	console.log(`\n[smtp] mail from ${mail.from} to ${mail.to.join(', ')}\n[smtp]   Subject: ${mail.subject}`);
}

/** @param {import('./webhook-sink').Post} post */
function printPost(post) {
	// Slack's JSON message has its text in `text`
	const body = /** @type {{ text?: unknown } | string | null} */ (post.body);
	const text = typeof body === 'object' && body?.text ? body.text : JSON.stringify(body);
	console.log(`\n[slack] ${post.method} ${post.path}\n${String(text).replace(/^/gm, '[slack]   ')}`);
}

/**
 * @param {Awaited<ReturnType<typeof startStack>>} stack
 * @param {string} seconds
 */
function printWelcome(stack, seconds) {
	const sandbox = stack.sandbox.url;
	const n8n = stack.server.baseUrl;
	/** @type {(kind: string, record: Record<string, string>) => string} */
	const inject = (kind, record) =>
		`curl -s -X POST ${sandbox}/__sandbox/inject -H 'content-type: application/json' -d '${JSON.stringify({ kind, record })}'`;
	console.log(`
Ready in ${seconds} s.

  n8n        ${n8n}   login ${OWNER.email} / ${OWNER.password}
  sandbox    ${sandbox}   API key ${SANDBOX_KEY}   (control API: ${sandbox}/__sandbox)
  SMTP sink  127.0.0.1:${stack.smtp.port}   (mails are printed here)
  Slack sink ${stack.webhook.url}   (posts are printed here; list: ${stack.webhook.url}/__posts)

Try first:
  1. Open ${n8n} and log in. "Welcome email on move-in" is active. Record a move-in upstream, then watch this console.
     The trigger polls once a minute and accepts service data up to 2 minutes old, so the mail
     arrives within about three minutes:
       ${inject('tenantEvent', { event: 'Move-in' })}
  2. "Bill approval to Slack" is active too. Enter a bill waiting for approval:
       ${inject('bill', { approvalStatus: 'Pending Approval', amount: '1234.50' })}
  3. "Fresh rent roll with the notify URL": unpin its two rent-roll reads (the templates carry sample
     data pinned for a first look without an account), then execute it; it pauses at the Wait node
     until the service POSTs that the refresh is done, then reads the fresh data from the cache.
  4. "Property Management as an MCP server" is active: connect an MCP client (Streamable HTTP) to
       ${n8n}/mcp/property-management   with the header   Authorization: Bearer ${MCP_TOKEN}
  5. The eight recipes are active (work order completed, lease ending, rent past due, application
     decided, vendor insurance expiring; new work orders, new applications, bills approved or paid to
     a team channel): examples/README.md 7-14 say how to set each off here.

n8n's log: ${path.join(stack.userFolder, 'n8n.log')}
Ctrl-C stops n8n, the sandbox and the sinks.
`);
}

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' },
			'sandbox-port': { type: 'string' },
			'smtp-port': { type: 'string' },
			'webhook-port': { type: 'string' },
			'job-seconds': { type: 'string' },
			'quiet-sandbox': { type: 'boolean' },
			help: { type: 'boolean' },
		},
	});
	if (values.help) return console.log(USAGE);
	const started = Date.now();
	const stack = await startStack({
		n8nPort: portFlag(values, 'port', 5678),
		sandboxPort: portFlag(values, 'sandbox-port', 8787),
		smtpPort: portFlag(values, 'smtp-port', 2525),
		webhookPort: portFlag(values, 'webhook-port', 8790),
		jobSeconds: Number(values['job-seconds'] ?? 3),
		userFolder: path.join(ROOT, '.demo', 'n8n'),
		onSandboxLine: values['quiet-sandbox'] ? undefined : (line) => console.log(`[sandbox] ${line}`),
		onMail: printMail,
		onPost: printPost,
	});
	let stopping = false;
	/** @param {string} signal */
	const shutdown = async (signal) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal}: stopping n8n, the sandbox and the sinks...`);
		await stack.stop();
		process.exit(0);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
	try {
		await activateWorkflow(stack.session, WORKFLOWS.welcomeEmail, { baseUrl: stack.server.baseUrl });
		await activateWorkflow(stack.session, WORKFLOWS.billApproval, { baseUrl: stack.server.baseUrl });
		await activateWorkflow(stack.session, WORKFLOWS.mcpServer, { baseUrl: stack.server.baseUrl });
		// the recipes on the trigger's operations events (examples/README.md 7-14), so that each "Try it in the demo" works
		await Promise.all(RECIPES.map((id) => activateWorkflow(stack.session, id, { baseUrl: stack.server.baseUrl })));
	} catch (error) {
		console.error(`Could not activate the example workflows: ${error.message}`);
	}
	printWelcome(stack, ((Date.now() - started) / 1000).toFixed(1));
}

main().catch((error) => {
	console.error(error.message);
	console.error(USAGE);
	process.exit(1);
});
