import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CHILD = path.join(__dirname, '..', 'child.ts');

interface ChildMessage {
	ready?: true;
	result?: unknown;
	error?: string;
}

export interface StartedChild<T> {
	/** resolves once the child has loaded its modules (start-up is never part of a timing) */
	ready: Promise<void>;
	go(): void;
	result: Promise<T>;
}

/**
 * One bench task in a fresh Node process (tsx loader): memory figures are then the task's own, not
 * the sandbox's, and the worker row gets real process boundaries like n8n's queue mode.
 */
export function startChild<T>(task: string, args: object): StartedChild<T> {
	const child: ChildProcess = fork(CHILD, [task, JSON.stringify(args)], {
		execArgv: ['--expose-gc', '--import', 'tsx'],
		cwd: path.join(__dirname, '..', '..'),
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	let markReady!: () => void;
	const ready = new Promise<void>((resolve) => (markReady = resolve));
	const result = new Promise<T>((resolve, reject) => {
		let settled = false;
		child.on('message', (message: ChildMessage) => {
			if (message.ready) markReady();
			if ('result' in message) {
				settled = true;
				resolve(message.result as T);
			}
			if (message.error) {
				settled = true;
				reject(new Error(`bench child ${task}: ${message.error}`));
			}
		});
		child.on('error', reject);
		child.on('exit', (code) => {
			if (!settled) reject(new Error(`bench child ${task} exited ${code} without a result`));
		});
	});
	// a child that dies while loading must not leave the caller waiting for `ready`
	result.catch(() => markReady());
	return { ready, go: () => child.send({ go: true }), result };
}

/** Start, wait until loaded, run: one child, one result. */
export async function runChild<T>(task: string, args: object): Promise<T> {
	const child = startChild<T>(task, args);
	await child.ready;
	child.go();
	return await child.result;
}
