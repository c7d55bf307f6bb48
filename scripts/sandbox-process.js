// @ts-check
'use strict';
/** Runs the sandbox (`sandbox/cli.ts`) as a child process and resolves once it listens. */
const path = require('node:path');
const { spawn } = require('node:child_process');
const { stopProcess } = require('./n8n-runtime');

const ROOT = path.resolve(__dirname, '..');

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port]
 * @property {number} [jobSeconds]
 * @property {string} [profile] 'spec' or 'documented' (sandbox/README.md)
 * @property {boolean} [quiet]
 * @property {string[]} [extraArgs] more arguments for sandbox/cli.ts
 * @property {(line: string) => void} [onLine]
 */
/**
 * @typedef {object} Sandbox
 * @property {string} url
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => Promise<void>} stop
 */

/**
 * `onLine` receives every output line (request log lines unless quiet). Port 0 = any free port.
 * @param {SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
function startSandbox({ port = 8787, jobSeconds = 3, profile = 'spec', quiet = true, extraArgs = [], onLine } = {}) {
	const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
	const args = ['sandbox/cli.ts', '--port', String(port), '--job-seconds', String(jobSeconds), '--profile', profile, ...extraArgs];
	if (quiet) args.push('--quiet');
	const child = spawn(tsx, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	return new Promise((resolve, reject) => {
		let pending = '';
		let errors = '';
		const timer = setTimeout(() => fail(new Error('the sandbox did not start within 60 s')), 60000);
		/** @param {Error} error */
		function fail(error) {
			clearTimeout(timer);
			stopProcess(child);
			reject(error);
		}
		child.stderr.on('data', (chunk) => {
			errors += chunk;
			onLine?.(chunk.toString().trimEnd());
		});
		child.on('exit', (code) => fail(new Error(`the sandbox exited with ${code}: ${errors}`)));
		child.stdout.on('data', (chunk) => {
			pending += chunk;
			let end;
			while ((end = pending.indexOf('\n')) !== -1) {
				const line = pending.slice(0, end);
				pending = pending.slice(end + 1);
				onLine?.(line);
				const match = line.match(/listening on (http:\/\/\S+)/);
				if (match) {
					clearTimeout(timer);
					child.removeAllListeners('exit');
					resolve({ url: match[1], child, stop: () => stopProcess(child) });
				}
			}
		});
	});
}

module.exports = { startSandbox };
