// @ts-check
'use strict';
/**
 * The cached n8n installs for the demo and the end-to-end tests: one folder per n8n version under
 * ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-property-management, installed once from the registry with
 * the recipe of its line. The measured facts behind each recipe are in docs/compatibility.md.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');

const PACKAGE_NAME = 'n8n-nodes-property-management';
const TESTED_VERSIONS = ['1.123.81', '2.41.1'];
const DEFAULT_VERSION = process.env.N8N_VERSION || TESTED_VERSIONS[0];

/**
 * How each n8n line installs from the registry copy here. `overrides` apply in the install folder
 * only, never in the package. `node` adds npm's `node` package (the Node binary n8n runs on) to the
 * install folder; it is then first on PATH for n8n, its CLI commands and the native rebuilds.
 * - 1.x on the machine's Node 20: xlsx is CDN-only upstream (0.18.5 is the registry's last);
 *   isolated-vm 6+ needs a newer V8 than Node 20's.
 * - 2.0.x on Node 20: peer ranges resolve only with --legacy-peer-deps; the newest linkedom needs a
 *   package the registry lacks; the newest @langchain/langgraph-checkpoint needs a newer
 *   @langchain/core than n8n pins ("./utils/uuid is not defined by exports" at start-up).
 * - 2.41.x needs Node >= 24 (its engines; every command stops on Node 20); Node 24 comes from npm's `node`.
 *   Same peer and linkedom story as 2.0; isolated-vm 7 ships a Node 24 prebuild.
 * Install scripts are skipped in 2.x (oracledb and friends are not needed to start); the native
 * modules n8n needs are rebuilt afterwards for the Node that runs n8n. 1.x runs every install script
 * (sqlite3's fetches or builds its binary).
 * Every npm command here states its `--ignore-scripts` and runs without the caller's npm settings
 * (npmEnv): the recipe alone decides, whether it is called from `npm test`, `npm run demo` or a shell.
 */
/**
 * @typedef {object} Recipe
 * @property {string} [node] npm's `node` package version n8n runs on
 * @property {Record<string, string>} overrides
 * @property {string[]} installArgs besides `--ignore-scripts`
 * @property {boolean} installScripts whether the install runs the packages' install scripts
 * @property {string[]} rebuild native modules rebuilt after the install
 */
/**
 * One cached n8n install (ensureN8n).
 * @typedef {object} Runtime
 * @property {string} version
 * @property {string} dir the install folder
 * @property {string} bin the n8n bin
 * @property {string} nodeBin the Node binary n8n runs on
 * @property {Record<string, string>} env what n8n and its CLI commands need in their environment
 */
/** @typedef {(message: string) => void} Log */

/** @type {Record<string, Recipe>} */
const RECIPES = {
	1: {
		overrides: { xlsx: '0.18.5', 'isolated-vm': '5.0.4' },
		installArgs: [],
		installScripts: true,
		rebuild: [],
	},
	'2.0': {
		overrides: { xlsx: '0.18.5', linkedom: '0.18.12', '@langchain/langgraph-checkpoint': '1.0.0' },
		installArgs: ['--legacy-peer-deps'],
		installScripts: false,
		rebuild: ['sqlite3'],
	},
	'2.41': {
		node: '24.21.0',
		overrides: { xlsx: '0.18.5', linkedom: '0.18.12' },
		installArgs: ['--legacy-peer-deps'],
		installScripts: false,
		rebuild: ['sqlite3', 'isolated-vm'],
	},
};
// npm 11 only warns about unreviewed install scripts today; approving the native builds n8n needs keeps
// them running once npm blocks unreviewed scripts (`--allow-scripts` is refused in project installs).
const ALLOW_SCRIPTS = Object.fromEntries(
	['sqlite3', 'isolated-vm', '@parcel/watcher', 'protobufjs', 'msgpackr-extract', 'ssh2', 'cpu-features', 'node'].map((n) => [
		n,
		true,
	]),
);

/**
 * @param {string} version
 * @returns {Recipe}
 */
function recipeFor(version) {
	const [major, minor] = version.split('.').map(Number);
	const recipe = major === 1 ? RECIPES[1] : major === 2 && minor >= 41 ? RECIPES['2.41'] : major === 2 && minor === 0 ? RECIPES['2.0'] : null;
	if (!recipe) throw new Error(`no install recipe for n8n ${version}; tested: ${TESTED_VERSIONS.join(', ')} (and 2.0.3 earlier)`);
	return recipe;
}

/** @param {string} [version] */
function cacheDir(version = DEFAULT_VERSION) {
	const root = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(root, PACKAGE_NAME, `n8n-${version}`);
}

/**
 * The environment without npm's exports. `npm run`, `npm test` and `npx` hand every npm setting to the
 * commands they start as `npm_config_*` variables (the project's and the user's .npmrc included), and
 * an npm started from there takes them as its own: an n8n install, or a package install into n8n's
 * nodes folder, would then follow this project's settings instead of its recipe or a user's defaults.
 * @param {Record<string, string | undefined>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
function npmEnv(extra = {}) {
	const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
	return { ...env, ...extra };
}

/**
 * What n8n and its CLI commands need in their environment: with a bundled Node, its `.bin` first on
 * PATH (the n8n bin starts with `#!/usr/bin/env node`, and the task runner uses the same binary) and
 * its headers for node-gyp.
 * @param {string} dir
 * @param {Recipe} recipe
 * @returns {Record<string, string>}
 */
function toolEnv(dir, recipe) {
	if (!recipe.node) return {};
	const bin = path.join(dir, 'node_modules', '.bin');
	return {
		PATH: `${bin}${path.delimiter}${process.env.PATH}`,
		npm_config_nodedir: path.join(dir, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`),
	};
}

/**
 * execFile as a promise of its output; a failure rejects with the error, its stdout and stderr attached.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').ExecFileOptionsWithStringEncoding} [options]
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
function run(cmd, args, options = {}) {
	return new Promise((resolve, reject) => {
		execFile(cmd, args, { maxBuffer: 256 * 1024 * 1024, ...options }, (error, stdout, stderr) => {
			if (error) {
				error.stdout = stdout;
				error.stderr = stderr;
				reject(error);
			} else resolve({ stdout, stderr });
		});
	});
}

/** Installs n8n into the cache once; a missing `.complete` marker (half-finished install) re-runs npm install. */
/**
 * @param {{ version?: string, log?: Log }} [options]
 * @returns {Promise<Runtime>}
 */
async function ensureN8n({ version = DEFAULT_VERSION, log = console.log } = {}) {
	const dir = cacheDir(version);
	const recipe = recipeFor(version);
	const runtime = {
		version,
		dir,
		bin: path.join(dir, 'node_modules', '.bin', 'n8n'),
		nodeBin: recipe.node ? path.join(dir, 'node_modules', '.bin', 'node') : process.execPath,
		env: toolEnv(dir, recipe),
	};
	const marker = path.join(dir, '.complete');
	if (fs.existsSync(marker)) return runtime;
	const release = await installLock(dir, log);
	try {
		if (!fs.existsSync(marker)) await install(runtime, recipe, log);
	} finally {
		release();
	}
	return runtime;
}

// A first install takes 4-9 minutes; anyone waiting longer than this behind one has met a stuck install.
const INSTALL_LOCK_WAIT_MS = 30 * 60_000;

/**
 * One install at a time per folder: a fresh `npm test` starts several end-to-end files at once, and each
 * asks for the same n8n. The lock is a folder beside the install holding the owner's pid; a lock whose
 * process is gone is taken over.
 * @param {string} dir
 * @param {Log} log
 * @returns {Promise<() => void>} releases the lock
 */
async function installLock(dir, log) {
	const lock = `${dir}.lock`;
	const pidFile = path.join(lock, 'pid');
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	const deadline = Date.now() + INSTALL_LOCK_WAIT_MS;
	let told = false;
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(pidFile, String(process.pid));
			return () => fs.rmSync(lock, { recursive: true, force: true });
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		const owner = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : NaN);
		if (Number.isInteger(owner) && !isAlive(owner)) {
			fs.rmSync(lock, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline) throw new Error(`n8n in ${dir} was still being installed by process ${owner} after ${INSTALL_LOCK_WAIT_MS / 60_000} minutes; delete ${lock} if no install runs`);
		if (!told) log(`Waiting for process ${owner} to finish installing n8n into ${dir}...`);
		told = true;
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
	}
}

/**
 * @param {Runtime} runtime
 * @param {Recipe} recipe
 * @param {Log} log
 */
async function install(runtime, recipe, log) {
	const { dir, version } = runtime;
	const marker = path.join(dir, '.complete');
	fs.mkdirSync(dir, { recursive: true });
	const manifest = {
		name: 'pm-n8n-runtime',
		private: true,
		dependencies: { n8n: version, ...(recipe.node && { node: recipe.node }) },
		overrides: recipe.overrides,
		allowScripts: ALLOW_SCRIPTS,
	};
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
	log(`Installing n8n ${version} into ${dir} (first run only; about 5-9 minutes, 1.8-2.4 GB)...`);
	const started = Date.now();
	/** @type {(name: string, args: string[], env?: Record<string, string>) => Promise<void>} */
	const step = async (name, args, env = {}) => {
		const stepStarted = Date.now();
		const options = { cwd: dir, env: npmEnv(env) };
		const result = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], options).catch((error) => {
			fs.appendFileSync(path.join(dir, 'install.log'), `${error.stdout}\n${error.stderr}\n`);
			throw new Error(`npm ${args.join(' ')} for n8n ${version} failed; see ${dir}/install.log`);
		});
		fs.appendFileSync(path.join(dir, 'install.log'), `${result.stdout}\n${result.stderr}\n${name}: ${Date.now() - stepStarted} ms\n`);
		log(`  ${name}: ${Math.round((Date.now() - stepStarted) / 1000)} s`);
	};
	await step('npm install', ['install', ...recipe.installArgs, `--ignore-scripts=${!recipe.installScripts}`]);
	// the `node` package fetches its binary in an install script, which --ignore-scripts skipped
	if (recipe.node) await step('node binary', ['rebuild', 'node', '--ignore-scripts=false']);
	if (recipe.rebuild.length) await step('native modules', ['rebuild', ...recipe.rebuild, '--ignore-scripts=false'], runtime.env);
	await verifyInstall(runtime);
	fs.writeFileSync(marker, new Date().toISOString());
	log(`n8n ${version} installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** @param {Runtime} runtime */
async function verifyInstall({ dir, bin, nodeBin, version, env }) {
	const { stdout } = await run(bin, ['--version'], { cwd: dir, env: npmEnv(env) });
	if (!stdout.includes(version)) throw new Error(`${bin} --version printed ${stdout.trim()}, expected ${version}`);
	// The database driver is native; a skipped install script shows up here rather than at start-up.
	await run(nodeBin, ['-e', "require('sqlite3')"], { cwd: dir }).catch(() => {
		throw new Error(`sqlite3 in ${dir} has no native build for ${nodeBin}; delete ${dir} and install again`);
	});
}

module.exports = { DEFAULT_VERSION, PACKAGE_NAME, TESTED_VERSIONS, cacheDir, ensureN8n, npmEnv, recipeFor, run };
