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

/**
 * Returns the path of an up-to-date tarball of the package, building and packing when needed.
 * @param {{ log?: import('./n8n-install').Log, force?: boolean }} [options]
 * @returns {Promise<string>}
 */
async function ensureTarball({ log = console.log, force = false } = {}) {
	const { name, version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const tarball = path.join(PACK_DIR, `${name}-${version}.tgz`);
	const sourcesChanged = SOURCES.reduce((newest, entry) => Math.max(newest, newestMtime(path.join(ROOT, entry))), 0);
	if (!force && fs.existsSync(tarball) && fs.statSync(tarball).mtimeMs > sourcesChanged) return tarball;
	log('Building the package (npm run build)...');
	await run('npm', ['run', 'build'], { cwd: ROOT }).catch((error) => {
		throw new Error(`npm run build failed:\n${error.stdout}\n${error.stderr}`);
	});
	fs.mkdirSync(PACK_DIR, { recursive: true });
	await run('npm', ['pack', '--pack-destination', PACK_DIR, '--loglevel=error'], { cwd: ROOT });
	log(`Packed ${path.relative(ROOT, tarball)}`);
	return tarball;
}

module.exports = { ROOT, ensureTarball };
