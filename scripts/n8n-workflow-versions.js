// @ts-check
'use strict';
/**
 * The n8n-workflow copies users run the package on (scripts/n8n-workflow-versions/package.json),
 * installed once into that folder: `node scripts/n8n-workflow-versions.js`, or jest's global set-up.
 * Each jest project of jest.config.js that names a version resolves the package's own
 * `n8n-workflow` imports to that copy, as n8n does at run time (test/support/n8n-workflow-resolver.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const DIR = path.join(__dirname, 'n8n-workflow-versions');
/**
 * alias (a dependency of DIR/package.json) → where n8n ships that copy
 * @type {Record<string, string>}
 */
const VERSIONS = {
	'n8n-workflow-1.120': 'n8n 1.123.81',
	'n8n-workflow-2.41': 'n8n 2.41.1, and beside the package after a plain `npm install`',
};

/** @param {string} alias */
function installedDir(alias) {
	return path.join(DIR, 'node_modules', alias);
}

function isInstalled() {
	const lock = path.join(DIR, 'package-lock.json');
	const installedLock = path.join(DIR, 'node_modules', '.package-lock.json');
	if (!fs.existsSync(installedLock)) return false;
	if (fs.statSync(installedLock).mtimeMs < fs.statSync(lock).mtimeMs) return false;
	return Object.keys(VERSIONS).every((alias) => fs.existsSync(path.join(installedDir(alias), 'package.json')));
}

function ensureInstalled() {
	if (isInstalled()) return;
	// --ignore-scripts: their isolated-vm does not build on Node 20 and the package never loads it
	execFileSync('npm', ['ci', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: DIR,
		stdio: 'inherit',
	});
}

module.exports = { VERSIONS, ensureInstalled, installedDir };

if (require.main === module) {
	ensureInstalled();
	for (const alias of Object.keys(VERSIONS)) {
		const { version } = require(path.join(installedDir(alias), 'package.json'));
		console.log(`${alias}: n8n-workflow ${version} (${VERSIONS[alias]})`);
	}
}
