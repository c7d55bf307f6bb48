import { spawn } from 'node:child_process';
import path from 'node:path';

const CHILD = path.join(__dirname, '..', 'child.ts');

/**
 * Runs one bench task in a fresh Node process (tsx loader): memory figures are then the task's
 * own, not the sandbox's, and worker rows get real process boundaries like n8n's queue mode.
 * The child prints its result as JSON on its last stdout line.
 */
export function runChild<T>(task: string, args: object): Promise<T> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, task, JSON.stringify(args)], {
			stdio: ['ignore', 'pipe', 'inherit'],
			cwd: path.join(__dirname, '..', '..'),
		});
		let stdout = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			const last = stdout.trim().split('\n').pop() ?? '';
			if (code !== 0) return reject(new Error(`bench child ${task} exited ${code}: ${last}`));
			try {
				resolve(JSON.parse(last) as T);
			} catch {
				reject(new Error(`bench child ${task} printed no result: ${last}`));
			}
		});
	});
}
