/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The repository's eslint CLI (eslint.config.mjs, n8n-node's default, unless `-c` names another) in a child process, its JSON report parsed. It runs
 * without jest's NODE_ENV=test: under it eslint-plugin-n8n-nodes-base switches to its own test mode,
 * where its package.json rules look for a different AST and never fire.
 */
import path from 'node:path';
import { execFile } from 'node:child_process';

export const ROOT = path.resolve(__dirname, '../..');

export interface LintResult {
	filePath: string;
	messages: Array<{ line: number; ruleId: string | null; message: string }>;
}

/** `args` as on eslint's command line; `stdin` is linted as the file `--stdin-filename` names. */
export function runEslint(args: string[], { stdin }: { stdin?: string } = {}): Promise<LintResult[]> {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest leaves this field out on purpose
	const { NODE_ENV: _jestEnv, ...env } = process.env;
	const eslint = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
	return new Promise((resolve, reject) => {
		const child = execFile(
			process.execPath,
			[eslint, '--format', 'json', ...(stdin === undefined ? [] : ['--stdin']), ...args],
			{ cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				try {
					resolve(JSON.parse(stdout));
				} catch {
					reject(new Error(`eslint printed no report (${error?.message}):\n${stdout}\n${stderr}`));
				}
			},
		);
		child.stdin!.end(stdin ?? '');
	});
}
