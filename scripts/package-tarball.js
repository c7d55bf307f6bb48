// @ts-check
'use strict';
/**
 * Builds and packs the package only when the sources changed since the last tarball, so the demo's
 * second start and repeated test runs skip `npm run build` + `npm pack`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { run } = require('./n8n-runtime');

const ROOT = path.resolve(__dirname, '..');
const SOURCES = ['nodes', 'credentials', 'package.json', 'tsconfig.json'];
const PACK_DIR = path.join(ROOT, '.tmp', 'pack');

/**
 * @param {string} entry
 * @returns {number}
 */
function newestMtime(entry) {
	if (!fs.existsSync(entry)) return 0;
	const stat = fs.statSync(entry);
	if (!stat.isDirectory()) return stat.mtimeMs;
	return fs
		.readdirSync(entry)
		.reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const DIST = path.join(ROOT, 'dist');
const LOCK = path.join(PACK_DIR, '.lock');
// a build and a pack take well under a minute; a lock older than this was left by a killed process
const LOCK_WAIT_MS = 10 * 60_000;
const LOCK_POLL_MS = 200;

/**
 * Runs `work` while this process alone holds the pack lock (a directory: mkdir is atomic). Jest's
 * workers start several n8n stacks at once and each asks for the tarball; `n8n-node build` empties
 * dist/ before it compiles, so a second build or pack meanwhile would see dist/ half made.
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withPackLock(work) {
	fs.mkdirSync(PACK_DIR, { recursive: true });
	const deadline = Date.now() + LOCK_WAIT_MS;
	for (;;) {
		try {
			fs.mkdirSync(LOCK);
			break;
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		const heldSince = fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
		if (heldSince !== undefined && Date.now() - heldSince > LOCK_WAIT_MS) {
			fs.rmSync(LOCK, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline) throw new Error(`${path.relative(ROOT, LOCK)} was held for more than ${LOCK_WAIT_MS / 60_000} minutes`);
		await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
	}
	try {
		return await work();
	} finally {
		fs.rmSync(LOCK, { recursive: true, force: true });
	}
}

/**
 * Returns the path of an up-to-date tarball of the package, building and packing when needed. The
 * build runs only when a source is newer than dist/ (`npm test` has just built it), so that no test
 * loading dist/ sees it emptied by a build in another jest worker.
 * @param {{ log?: import('./n8n-install').Log, force?: boolean }} [options]
 * @returns {Promise<string>}
 */
async function ensureTarball({ log = console.log, force = false } = {}) {
	const { name, version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const tarball = path.join(PACK_DIR, `${name}-${version}.tgz`);
	const sourcesChanged = SOURCES.reduce((newest, entry) => Math.max(newest, newestMtime(path.join(ROOT, entry))), 0);
	// newestMtime is 0 for a tarball not packed yet
	const packed = () => !force && newestMtime(tarball) > sourcesChanged;
	if (packed()) return tarball;
	return withPackLock(async () => {
		// another process may have packed it while this one waited for the lock
		if (packed()) return tarball;
		if (force || newestMtime(DIST) <= sourcesChanged) {
			log('Building the package (npm run build)...');
			await run('npm', ['run', 'build'], { cwd: ROOT }).catch((error) => {
				throw new Error(`npm run build failed:\n${error.stdout}\n${error.stderr}`);
			});
		}
		await run('npm', ['pack', '--pack-destination', PACK_DIR, '--loglevel=error'], { cwd: ROOT });
		log(`Packed ${path.relative(ROOT, tarball)}`);
		return tarball;
	});
}

module.exports = { ROOT, ensureTarball };
