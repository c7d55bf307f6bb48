/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Date and machine line for RESULTS.md: ratios only mean something next to the hardware they came from. */
export function machineLine(now = new Date()): string {
	const cpus = os.cpus();
	return `${now.toISOString()} · ${cpus.length} cores · ${cpus[0]?.model ?? 'unknown CPU'} · Node ${process.version} · ${os.platform()} ${os.release()}`;
}

/** The code measured: `commit <short hash>`, marked when the work tree differs from it. */
export function commitLine(): string {
	const git = (...args: string[]) => execFileSync('git', args, { cwd: __dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
	try {
		const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
		return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' plus uncommitted changes' : ''}`;
	} catch {
		return 'commit unknown (not a git checkout)';
	}
}
