// @ts-check
'use strict';
/**
 * A real n8n for the demo and the end-to-end tests: a cached install, one user folder per run,
 * the packed package installed as a community package, CLI imports and a logged-in REST client.
 * The installs themselves: scripts/n8n-install.js.
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');

const { DEFAULT_VERSION, PACKAGE_NAME, TESTED_VERSIONS, cacheDir, ensureN8n, npmEnv, run } = require('./n8n-install');

const NODE_TYPES = [`${PACKAGE_NAME}.propertyManagement`, `${PACKAGE_NAME}.propertyManagementTrigger`];
const OWNER = { email: 'demo@example.com', password: 'Demo-pass-1', firstName: 'Demo', lastName: 'Owner' };
// n8n 1.x binds the auth cookie to this header; any constant works as long as every call sends it.
const BROWSER_ID = 'pm-e2e-browser';

/** @typedef {import('./n8n-install').Runtime} Runtime */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @typedef {Error & { status?: number }} HttpError */

/**
 * n8n's environment for one process. Task runners keep each line's default (on in 2.x, off in 1.x).
 * Every 2.x process, server or CLI command, starts a task broker of its own on
 * N8N_RUNNERS_BROKER_PORT, so each gets a free port: parallel runs and CLI commands next to a
 * running server never collide.
 * @param {Runtime} runtime
 * @param {string} userFolder
 * @param {number} port
 * @param {number} brokerPort
 * @returns {NodeJS.ProcessEnv}
 */
function n8nEnv(runtime, userFolder, port, brokerPort) {
	return {
		// n8n runs npm itself (Settings → Community Nodes): with a user's settings, not this project's
		...npmEnv(),
		...runtime.env,
		// jest sets NODE_ENV=test, under which n8n start exits silently
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_SECURE_COOKIE: 'false',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'info',
		// the sandbox dates its records by UTC days: the workflows' calendar day must be the same one,
		// or from 00:00 to 05:00 UTC a move-in of the sandbox's today is tomorrow in n8n's default
		// America/New_York and waits a day (seen: the welcome-mail e2e timed out at 00:25 UTC)
		GENERIC_TIMEZONE: 'UTC',
	};
}

/**
 * Installs the packed tarball into `<userFolder>/.n8n/nodes` the way users install a community
 * package (README "Installation"; the tarball stands in for the registry name):
 * - `manual`: the README's command, `npm install <package>` in the nodes folder, nothing else;
 * - `community-page`: what n8n's Settings → Community Nodes → Install runs (community-packages.service
 *   in n8n 1.123 and 2.41, the same steps in both): unpack into node_modules/<name>, strip the dev, peer
 *   and optional dependencies from its package.json, `npm install` in that folder with n8n's flags,
 *   and record the version in the nodes folder's package.json.
 * Either way the package must end up without an n8n-workflow of its own (the peer is optional), so it
 * runs on the copy inside n8n; a copy beside it would be the registry's newest, whatever n8n runs.
 * @param {string} userFolder
 * @param {string} tarball
 * @param {{ route?: string }} [options] `manual` or `community-page`
 * @returns {Promise<string>} the nodes folder
 */
async function installPackage(userFolder, tarball, { route = 'manual' } = {}) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	// n8n writes this file at its first start; without it npm would install into the nearest folder
	// above that has a package.json (for the demo, this repository)
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) {
		fs.writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	}
	if (route === 'manual') await run('npm', ['install', path.resolve(tarball), '--loglevel=error'], { cwd: nodesDir, env: npmEnv() });
	else if (route === 'community-page') await installAsCommunityPage(nodesDir, tarball);
	else throw new Error(`unknown install route ${route}`);
	const stray = path.join(nodesDir, 'node_modules', 'n8n-workflow');
	if (fs.existsSync(stray)) throw new Error(`a second n8n-workflow was installed at ${stray}`);
	return nodesDir;
}

const COMMUNITY_PAGE_NPM_FLAGS = [
	'--audit=false',
	'--fund=false',
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
];

/**
 * @param {string} nodesDir
 * @param {string} tarball
 */
async function installAsCommunityPage(nodesDir, tarball) {
	const manifest = path.join(nodesDir, 'package.json');
	const packageDir = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', path.resolve(tarball), '-C', packageDir, '--strip-components=1']);
	const packageJsonPath = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8'));
	fs.writeFileSync(packageJsonPath, JSON.stringify(kept, null, 2));
	await run('npm', ['install', ...COMMUNITY_PAGE_NPM_FLAGS, '--loglevel=error'], { cwd: packageDir, env: npmEnv() });
	const installed = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	installed.dependencies = { ...installed.dependencies, [PACKAGE_NAME]: kept.version };
	fs.writeFileSync(manifest, JSON.stringify(installed, null, 2));
}

/**
 * A free port picked at random from a wide range: the kernel's own choice for port 0 is close to
 * sequential, so two test processes starting n8n at once could be handed the same just-freed port
 * (one n8n then answered the other's REST calls while it shut down).
 * @returns {Promise<number>}
 */
async function freePort() {
	// below the kernel's ephemeral range (Linux: 32768-60999): a port from it could be taken as the local
	// port of any outgoing connection between this check and n8n's listen (seen in CI: a queue-mode
	// worker's task broker found its port in use)
	const [firstEphemeral] = ephemeralPortRange();
	for (let attempt = 0; attempt < 50; attempt++) {
		const port = 10000 + Math.floor(Math.random() * (firstEphemeral - 10000));
		if (await canListen(port)) return port;
	}
	throw new Error('no free local port found in 50 attempts');
}

/**
 * The kernel's range of local ports for outgoing connections; where it cannot be read, Linux's default.
 * @returns {[number, number]}
 */
function ephemeralPortRange() {
	try {
		const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
		if (low > 12000 && high >= low) return [low, high];
	} catch (error) {
		if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
	}
	return [32768, 60999];
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canListen(port) {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/**
 * Runs an n8n CLI command (import:*, execute) against the run's user folder; `env` adds to n8n's
 * environment (queue mode's database and queue, scripts/queue-mode.js).
 * @param {Runtime} runtime
 * @param {string} userFolder
 * @param {string[]} args
 * @param {{ port?: number, env?: NodeJS.ProcessEnv }} [options]
 */
async function cli(runtime, userFolder, args, { port = 5678, env: extraEnv = {} } = {}) {
	const env = { ...n8nEnv(runtime, userFolder, port, await freePort()), ...extraEnv };
	try {
		return await run(runtime.bin, args, { cwd: userFolder, env });
	} catch (error) {
		error.message = `n8n ${args.join(' ')} failed: ${error.stderr || error.message}\n${error.stdout || ''}`;
		throw error;
	}
}

/**
 * @param {string} dir
 * @param {string} name
 * @param {unknown} value
 */
function writeJson(dir, name, value) {
	const file = path.join(dir, name);
	fs.writeFileSync(file, JSON.stringify(value, null, 2));
	return file;
}

/**
 * @param {Runtime} runtime
 * @param {string} userFolder
 * @param {unknown[]} credentials
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
async function importCredentials(runtime, userFolder, credentials, { env } = {}) {
	const file = writeJson(userFolder, 'credentials.import.json', credentials);
	await cli(runtime, userFolder, ['import:credentials', `--input=${file}`], { env });
}

/**
 * @param {Runtime} runtime
 * @param {string} userFolder
 * @param {unknown[]} workflows
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
async function importWorkflows(runtime, userFolder, workflows, { env } = {}) {
	const file = writeJson(userFolder, 'workflows.import.json', workflows);
	await cli(runtime, userFolder, ['import:workflow', `--input=${file}`], { env });
}

/**
 * Starts `n8n start` and resolves once the REST API answers: /healthz is up seconds before the
 * routes are registered, and the imports, login and activation all need the routes. `env` adds to
 * n8n's environment.
 * @param {Runtime} runtime
 * @param {string} userFolder
 * @param {{ port?: number, logFile?: string, timeoutMs?: number, env?: NodeJS.ProcessEnv }} [options]
 */
async function startN8n(runtime, userFolder, { port = 5678, logFile, timeoutMs = 120000, env = {} } = {}) {
	const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
	const child = spawn(runtime.bin, ['start'], {
		cwd: userFolder,
		env: { ...n8nEnv(runtime, userFolder, port, await freePort()), ...env },
		stdio: ['ignore', out, out],
		detached: true,
	});
	let exited = null;
	child.on('exit', (code, signal) => (exited = { code, signal }));
	const baseUrl = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (exited) throw new Error(`n8n exited during start-up (${JSON.stringify(exited)}); see ${logFile}`);
		// the settings as JSON, not any 200: while n8n starts, a page can answer 200 before the REST
		// routes exist, and the next call then meets 404 "Cannot GET /rest/settings" (seen under load)
		const ok = await fetch(`${baseUrl}/rest/settings`).then(
			async (r) => {
				const body = r.ok ? await r.json().catch(() => null) : null;
				return body !== null && typeof body === 'object';
			},
			() => false,
		);
		if (ok) break;
		if (Date.now() > deadline) {
			stopProcess(child);
			throw new Error(`n8n's REST API did not answer within ${timeoutMs} ms; see ${logFile}`);
		}
		await sleep(300);
	}
	return { child, baseUrl, port, stop: () => stopProcess(child) };
}

/**
 * Stops a detached child's process group with `signal`, SIGKILL after 10 s; resolves once it exited.
 * @param {ChildProcess | undefined} child
 * @param {NodeJS.Signals} [signal]
 * @returns {Promise<void>}
 */
function stopProcess(child, signal = 'SIGTERM') {
	return new Promise((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
		// child.pid is undefined only when the spawn failed; process.kill then throws, caught in killGroup
		const pid = /** @type {number} */ (child.pid);
		const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 10000);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		killGroup(pid, signal);
	});
}

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal); // detached: the group is n8n and only the processes it started
	} catch {
		try {
			process.kill(pid, signal);
		} catch {
			/* already gone */
		}
	}
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * REST client with the owner's session; creates the owner on a fresh instance.
 * @param {string} baseUrl
 * @param {typeof OWNER} [owner]
 */
async function restSession(baseUrl, owner = OWNER) {
	let cookie = '';
	/**
	 * One REST call; resolves to the response's `data` (or the whole JSON, or the text).
	 * @param {string} method
	 * @param {string} route
	 * @param {unknown} [body]
	 * @returns {Promise<any>} n8n's JSON for that route
	 */
	async function call(method, route, body) {
		const response = await fetch(`${baseUrl}/rest${route}`, {
			method,
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID, cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) cookie = setCookie.split(';')[0];
		const text = await response.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = text;
		}
		if (!response.ok) {
			const error = /** @type {HttpError} */ (new Error(`${method} /rest${route} -> ${response.status}: ${text.slice(0, 500)}`));
			error.status = response.status;
			throw error;
		}
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}
	const settings = await call('GET', '/settings');
	if (settings?.userManagement?.showSetupOnFirstLoad !== false) {
		await call('POST', '/owner/setup', owner).catch((error) => {
			if (error.status !== 400) throw error; // 400: an owner exists already (second demo run)
		});
	}
	await call('POST', '/login', { emailOrLdapLoginId: owner.email, email: owner.email, password: owner.password });
	return { call, owner };
}
/** @typedef {Awaited<ReturnType<typeof restSession>>} Session */

/**
 * Checks that n8n loaded both node types of the package (a load error only shows in n8n's log).
 * Under load n8n 2.41 has answered /types/nodes.json with something other than the list right after
 * start, so it is asked again for up to a minute.
 * @param {string} baseUrl
 * @param {Session} session
 */
async function assertNodesLoaded(baseUrl, session) {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const types = await session.call('GET', '/../types/nodes.json').catch(async () => {
			const response = await fetch(`${baseUrl}/types/nodes.json`, { headers: { 'browser-id': BROWSER_ID } });
			return response.json().catch(() => undefined);
		});
		if (Array.isArray(types)) {
			const names = new Set(types.map((t) => t.name));
			const missing = NODE_TYPES.filter((name) => !names.has(name));
			if (missing.length) throw new Error(`n8n did not load ${missing.join(', ')}`);
			return NODE_TYPES;
		}
		if (Date.now() > deadline) {
			throw new Error(`n8n's /types/nodes.json did not answer with the node list within 60 s: ${JSON.stringify(types).slice(0, 300)}`);
		}
		await sleep(2000);
	}
}

module.exports = {
	DEFAULT_VERSION,
	NODE_TYPES,
	OWNER,
	PACKAGE_NAME,
	TESTED_VERSIONS,
	assertNodesLoaded,
	cacheDir,
	cli,
	ensureN8n,
	freePort,
	importCredentials,
	importWorkflows,
	installPackage,
	n8nEnv,
	restSession,
	run,
	sleep,
	startN8n,
	stopProcess,
};

// `node scripts/n8n-runtime.js` (used by .ci/run): install n8n into the cache, print where.
if (require.main === module) {
	ensureN8n()
		.then((runtime) => console.log(`n8n ${runtime.version} ready at ${runtime.dir}`))
		.catch((error) => {
			console.error(error.message);
			process.exit(1);
		});
}
