/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CHILD = path.join(__dirname, '..', 'child.ts');
/** Redirects the package's own `n8n-workflow` requests to one of the installed copies (see the file). */
const COPY_PRELOAD = path.join(__dirname, 'n8nWorkflowCopy.cjs');

export interface ChildOptions {
	/**
	 * Runs the child with the resolution preload: the package's code gets the copy of that alias
	 * (scripts/n8n-workflow-versions/node_modules/<alias>); '' loads the preload and keeps the dev dependency.
	 */
	n8nWorkflowAlias?: string;
}

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
export function startChild<T>(task: string, args: object, options: ChildOptions = {}): StartedChild<T> {
	const alias = options.n8nWorkflowAlias;
	const child: ChildProcess = fork(CHILD, [task, JSON.stringify(args)], {
		// the preload comes first so that tsx's resolver, registered after it, wraps it
		execArgv: ['--expose-gc', ...(alias === undefined ? [] : ['--require', COPY_PRELOAD]), '--import', 'tsx'],
		env: alias === undefined ? process.env : { ...process.env, BENCH_N8N_WORKFLOW: alias },
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
export async function runChild<T>(task: string, args: object, options: ChildOptions = {}): Promise<T> {
	const child = startChild<T>(task, args, options);
	await child.ready;
	child.go();
	return await child.result;
}
