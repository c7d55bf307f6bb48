// @ts-check
'use strict';
/**
 * n8n in queue mode for the end-to-end test of issue 25: Debian's `redis-server` and a throwaway
 * PostgreSQL cluster on free local ports, one `n8n start` (main: triggers, editor, webhooks received
 * and enqueued) and `n8n worker` processes, all on one user folder (the package installed there with
 * the README's npm command, one encryption key) and one database. Beside them, as in scripts/stack.js:
 * the sandbox, an SMTP sink and a webhook sink. Everything runs on 127.0.0.1 and `stop()` ends it all.
 */
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const runtime = require('./n8n-runtime');
const examples = require('./examples');
const { ensureTarball } = require('./package-tarball');
const { startSandbox } = require('./sandbox-process');
const { startSmtpSink } = require('./smtp-sink');
const { startWebhookSink } = require('./webhook-sink');

/** @typedef {import('./n8n-install').Runtime} Runtime */
/** @typedef {{ redis: string, pgBin: string }} Binaries */
/**
 * A spawned server; `exited` is set once it exited.
 * @typedef {import('node:child_process').ChildProcess & { exited: { code: number | null, signal: NodeJS.Signals | null } | null }} LoggedChild
 */
/** @typedef {{ host: string, port: number, stop: () => Promise<void> }} Redis */
/** @typedef {{ host: string, port: number, database: string, user: string, stop: () => Promise<void> }} Postgres */
/**
 * @typedef {object} QueueStackOptions
 * @property {number} [workers] worker processes
 * @property {number} [concurrency] jobs per worker
 * @property {number} [jobSeconds]
 * @property {Record<string, unknown>} [sandboxConfig] posted to the sandbox's /__sandbox/config
 * @property {boolean} [sharedByProcesses] the credential's Shared by Several n8n Processes
 * @property {import('./n8n-install').Log} [log]
 * @property {(mail: import('./smtp-sink').Mail) => void} [onMail]
 * @property {(post: import('./webhook-sink').Post) => void} [onPost]
 * @property {(workflows: import('./examples').WorkflowFile[]) => import('./examples').WorkflowFile[]} [prepareWorkflows]
 */

/**
 * The Debian packages' binaries; a clear message when `.ci/run`'s apt-get line did not run.
 * @returns {Binaries}
 */
function debianBinaries() {
	const redis = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((file) => fs.existsSync(file));
	const pgRoot = '/usr/lib/postgresql';
	const pgVersions = fs.existsSync(pgRoot)
		? fs
				.readdirSync(pgRoot)
				.filter((version) => fs.existsSync(path.join(pgRoot, version, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	const missing = [!redis && 'redis-server', !pgVersions.length && 'postgresql'].filter(Boolean);
	if (missing.length) {
		throw new Error(`queue mode needs Debian's ${missing.join(' and ')}: apt-get install -y ${missing.join(' ')} (.ci/run does)`);
	}
	// redis is found here (missing throws above)
	return { redis: /** @type {string} */ (redis), pgBin: path.join(pgRoot, pgVersions[0], 'bin') };
}

/**
 * Spawns a long-running server in its own process group, its output appended to `logFile`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile: string, env?: NodeJS.ProcessEnv, cwd?: string }} options
 * @returns {LoggedChild}
 */
function spawnLogged(command, args, { logFile, env = process.env, cwd }) {
	const out = fs.openSync(logFile, 'a');
	const child = /** @type {LoggedChild} */ (spawn(command, args, { cwd, env, stdio: ['ignore', out, out], detached: true }));
	fs.closeSync(out);
	child.exited = null;
	child.on('exit', (code, signal) => (child.exited = { code, signal }));
	return child;
}

/**
 * @param {string} file
 * @param {number} [chars]
 */
function tail(file, chars = 3000) {
	return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-chars) : '(no log)';
}

/**
 * Waits until `check` is true; fails at once when the process exited.
 * @param {string} what
 * @param {LoggedChild} child
 * @param {string} logFile
 * @param {() => boolean | Promise<boolean>} check
 * @param {number} timeoutMs
 */
async function waitUntil(what, child, logFile, check, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child.exited) throw new Error(`${what}: the process exited (${JSON.stringify(child.exited)}); log:\n${tail(logFile)}`);
		if (await check()) return;
		if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s; log:\n${tail(logFile)}`);
		await runtime.sleep(300);
	}
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.setTimeout(2000);
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.once('data', (data) => {
			socket.destroy();
			resolve(data.toString().startsWith('+PONG'));
		});
		socket.once('error', () => resolve(false));
		socket.once('timeout', () => {
			socket.destroy();
			resolve(false);
		});
	});
}

/**
 * `redis-server` on a free port: no persistence, no config file, its own process group.
 * @param {{ dir: string, binaries?: Binaries }} options
 * @returns {Promise<Redis>}
 */
async function startRedis({ dir, binaries = debianBinaries() }) {
	const port = await runtime.freePort();
	const logFile = path.join(dir, 'redis.log');
	const child = spawnLogged(binaries.redis, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
		logFile,
		cwd: dir,
	});
	try {
		await waitUntil('redis-server', child, logFile, () => redisPing(port), 30000);
	} catch (error) {
		await runtime.stopProcess(child);
		throw error;
	}
	return { host: '127.0.0.1', port, stop: () => runtime.stopProcess(child) };
}

/**
 * A throwaway PostgreSQL cluster: initdb into a temporary folder, the server on a free port (TCP on
 * 127.0.0.1, its socket in the same folder), trust authentication, database `n8n`. PostgreSQL refuses
 * to run as root: as root the cluster belongs to Debian's `postgres` user and runs through runuser.
 * @param {{ dir: string, binaries?: Binaries }} options
 * @returns {Promise<Postgres>}
 */
async function startPostgres({ dir, binaries = debianBinaries() }) {
	const asRoot = process.getuid?.() === 0;
	const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-queue-pg-'));
	fs.chmodSync(clusterDir, 0o755); // the postgres user must reach the folder (mkdtemp makes it 0700)
	if (asRoot) execFileSync('chown', ['postgres:postgres', clusterDir]);
	/** @type {(command: string, args: string[]) => [string, string[]]} */
	const as = (command, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
	const data = path.join(clusterDir, 'data');
	const [initCmd, initArgs] = as(path.join(binaries.pgBin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
	execFileSync(initCmd, initArgs, { stdio: 'pipe', cwd: clusterDir });
	const port = await runtime.freePort();
	const logFile = path.join(dir, 'postgres.log');
	const [command, args] = as(path.join(binaries.pgBin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		clusterDir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'fsync=off',
		'-c',
		'max_connections=100',
	]);
	const child = spawnLogged(command, args, { logFile, cwd: clusterDir });
	// SIGINT is PostgreSQL's fast shutdown (SIGTERM would wait for every client to leave)
	const stop = async () => {
		await runtime.stopProcess(child, 'SIGINT');
		fs.rmSync(clusterDir, { recursive: true, force: true });
	};
	/** @param {string} sql */
	const psql = (sql) =>
		execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
			stdio: 'pipe',
			env: { ...process.env, PGCONNECT_TIMEOUT: '2' },
		});
	try {
		const ready = () => {
			try {
				psql('select 1');
				return true;
			} catch (error) {
				if (error.status === undefined) throw error; // psql itself missing, not "not ready yet"
				return false;
			}
		};
		await waitUntil('postgres', child, logFile, ready, 60000);
		psql('create database n8n');
	} catch (error) {
		await stop();
		throw error;
	}
	return { host: '127.0.0.1', port, database: 'n8n', user: 'postgres', stop };
}

/**
 * What every n8n process of the queue shares: the queue, the database, the encryption key.
 * @param {{ redis: { host: string, port: number }, postgres: { host: string, port: number, database: string, user: string }, encryptionKey: string }} options
 * @returns {Record<string, string>}
 */
function queueEnv({ redis, postgres, encryptionKey }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: 'trust-auth',
		N8N_ENCRYPTION_KEY: encryptionKey,
		// manual runs from the REST API go to the workers too (the default in 2.x)
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'info',
	};
}

/**
 * `n8n start` in queue mode (runtime.startN8n: ready once the REST API answers).
 * @param {Runtime} n8n
 * @param {string} folder
 * @param {NodeJS.ProcessEnv} env
 */
async function startMain(n8n, folder, env) {
	const port = await runtime.freePort();
	const logFile = path.join(folder, 'main.log');
	const main = await runtime.startN8n(n8n, folder, { port, logFile, env, timeoutMs: 180000 });
	return { name: 'main', logFile, ...main };
}

/**
 * `n8n worker`; ready once its health endpoint answers 200 (it then listens on the queue).
 * @param {Runtime} n8n
 * @param {string} folder
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} concurrency
 */
async function startWorker(n8n, folder, env, name, concurrency) {
	const healthPort = await runtime.freePort();
	const logFile = path.join(folder, `${name}.log`);
	const workerEnv = { ...env, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
	const child = spawnLogged(n8n.bin, ['worker', `--concurrency=${concurrency}`], {
		logFile,
		cwd: folder,
		env: { ...runtime.n8nEnv(n8n, folder, await runtime.freePort(), await runtime.freePort()), ...workerEnv },
	});
	const healthy = () => fetch(`http://127.0.0.1:${healthPort}/healthz`).then((response) => response.ok, () => false);
	try {
		await waitUntil(name, child, logFile, healthy, 180000);
	} catch (error) {
		await runtime.stopProcess(child);
		throw error;
	}
	return { name, child, logFile, healthPort, stop: () => runtime.stopProcess(child) };
}

/**
 * The whole queue-mode stack. `workers` worker processes with `concurrency` jobs each; the sandbox
 * with `sandboxConfig` applied (e.g. `{ pageSize: 10, rateLimit: true }`) before n8n starts.
 * @param {QueueStackOptions} [options]
 */
async function startQueueStack(options = {}) {
	const {
		workers: workerCount = 2,
		concurrency = 10,
		jobSeconds = 1,
		sandboxConfig,
		sharedByProcesses = false,
		log = console.log,
		onMail,
		onPost,
		prepareWorkflows = (workflows) => workflows,
	} = options;
	const binaries = debianBinaries();
	const started = Date.now();
	/** @type {Record<string, number>} */
	const timings = {};
	/** @type {Array<() => Promise<unknown>>} */
	const stoppers = [];
	const stop = async () => {
		/** @type {Error[]} */
		const errors = [];
		for (const stopOne of stoppers.reverse()) await stopOne().catch((error) => errors.push(error));
		stoppers.length = 0;
		if (errors.length) throw new Error(`stopping the queue-mode stack: ${errors.map((error) => error.message).join('; ')}`);
	};
	try {
		const [n8n, tarball] = await Promise.all([runtime.ensureN8n({ log }), ensureTarball({ log })]);
		timings.prepared = Date.now() - started;
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-n8n-queue-'));
		stoppers.push(async () => fs.rmSync(folder, { recursive: true, force: true }));

		const sandbox = await startSandbox({ port: 0, jobSeconds, profile: 'spec', quiet: true });
		stoppers.push(sandbox.stop);
		if (sandboxConfig) {
			const response = await fetch(`${sandbox.url}/__sandbox/config`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(sandboxConfig),
			});
			if (!response.ok) throw new Error(`sandbox config ${JSON.stringify(sandboxConfig)} -> ${response.status}: ${await response.text()}`);
		}
		const smtp = await startSmtpSink({ port: 0, onMail });
		stoppers.push(smtp.close);
		const webhook = await startWebhookSink({ port: 0, onPost });
		stoppers.push(webhook.close);

		const redis = await startRedis({ dir: folder, binaries });
		stoppers.push(redis.stop);
		const postgres = await startPostgres({ dir: folder, binaries });
		stoppers.push(postgres.stop);
		timings.services = Date.now() - started;

		const env = queueEnv({ redis, postgres, encryptionKey: `pm-queue-${process.pid}-${started}` });
		log(`Installing the package into n8n ${n8n.version} (community package, the README's npm command)...`);
		await runtime.installPackage(folder, tarball, { route: 'manual' });
		const credentials = examples.credentialsFor({ sandboxUrl: sandbox.url, smtpPort: smtp.port, sharedByProcesses });
		const workflows = prepareWorkflows(examples.loadWorkflows({ webhookUrl: webhook.url, includeTestWorkflows: true }));
		// the first CLI command creates n8n's tables in PostgreSQL; the second must not race it
		await runtime.importCredentials(n8n, folder, credentials, { env });
		await runtime.importWorkflows(n8n, folder, workflows, { env });
		timings.imported = Date.now() - started;

		const main = await startMain(n8n, folder, env);
		stoppers.push(main.stop);
		const session = await runtime.restSession(main.baseUrl);
		await runtime.assertNodesLoaded(main.baseUrl, session);
		const workers = [];
		for (let index = 1; index <= workerCount; index++) {
			const worker = await startWorker(n8n, folder, env, `worker${index}`, concurrency);
			stoppers.push(worker.stop);
			workers.push(worker);
		}
		timings.ready = Date.now() - started;
		// `server` and `userFolder` as in scripts/stack.js, so the e2e helpers (test/e2e/support.ts) apply
		return { n8n, tarball, sandbox, smtp, webhook, redis, postgres, main, server: main, workers, session, userFolder: folder, timings, stop };
	} catch (error) {
		await stop().catch((stopError) => log(`(while failing) ${stopError.message}`));
		throw error;
	}
}

module.exports = { debianBinaries, startPostgres, startQueueStack, startRedis };
