/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const VERSIONS_DIR = path.join(ROOT, 'scripts', 'n8n-workflow-versions', 'node_modules');
/** A file of the package's own code: what `n8n-workflow` resolves to from here is what the package runs on. */
const PACKAGE_FILE = path.join(ROOT, 'nodes', 'shared', 'transport', 'sending', 'clock.ts');

/**
 * The n8n-workflow copies the engine rows run on: the dev dependency, and the copies users run
 * (installed by `node scripts/n8n-workflow-versions.js`, as the jest version projects use them).
 */
export interface WorkflowCopy {
	/** for `--n8n-workflow=` */
	key: string;
	/** alias under scripts/n8n-workflow-versions/node_modules; none for the dev dependency */
	alias?: string;
	/** where users get it */
	shipsIn: string;
}

export const WORKFLOW_COPIES: WorkflowCopy[] = [
	{ key: 'dev', shipsIn: 'dev dependency' },
	{ key: '1.120', alias: 'n8n-workflow-1.120', shipsIn: 'inside n8n 1.123' },
	{ key: '2.41', alias: 'n8n-workflow-2.41', shipsIn: 'inside n8n 2.41' },
];

export function copyDir(copy: WorkflowCopy): string {
	return copy.alias ? path.join(VERSIONS_DIR, copy.alias) : path.join(ROOT, 'node_modules', 'n8n-workflow');
}

/** Its version, from its package.json; throws when the copy is not installed. */
export function copyVersion(copy: WorkflowCopy): string {
	const file = path.join(copyDir(copy), 'package.json');
	try {
		return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
	} catch {
		throw new Error(`n8n-workflow copy ${copy.key} is not installed (${file}): run \`node scripts/n8n-workflow-versions.js\``);
	}
}

export const copyLabel = (copy: WorkflowCopy) => `${copyVersion(copy)} (${copy.shipsIn})`;

export interface LoadedCopy {
	version: string;
	/** the file `n8n-workflow` resolves to from the package's code, relative to the repository */
	main: string;
	/** whether that file was loaded by the time of the check */
	loaded: boolean;
	typeofSleepWithAbort: string;
	/** package files whose `n8n-workflow` requests the preload redirected (lib/n8nWorkflowCopy.cjs) */
	redirectedFrom: string[];
}

/**
 * Inside a bench child: the n8n-workflow the package's code resolves and has loaded. Throws unless it
 * is the copy asked for: a bench that measured the dev dependency under another copy's name would lie.
 */
export function checkLoadedCopy(copy: WorkflowCopy): LoadedCopy {
	const fromPackage = createRequire(PACKAGE_FILE);
	const main = fromPackage.resolve('n8n-workflow');
	// Node resolves to real paths (node_modules may be a link)
	const dir = realpathSync(copyDir(copy)) + path.sep;
	const hook = (globalThis as { __benchN8nWorkflowCopy?: { alias: string; redirected: Set<string> } }).__benchN8nWorkflowCopy;
	const result: LoadedCopy = {
		version: copyVersion(copy),
		main: path.relative(ROOT, main),
		loaded: require.cache[main] !== undefined,
		typeofSleepWithAbort: typeof (fromPackage('n8n-workflow') as { sleepWithAbort?: unknown }).sleepWithAbort,
		redirectedFrom: [...(hook?.redirected ?? [])],
	};
	if (!main.startsWith(dir)) throw new Error(`the package's n8n-workflow resolves to ${result.main}, not to copy ${copy.key} (${dir})`);
	if (!result.loaded) throw new Error(`the package's code never loaded ${result.main}`);
	if ((hook?.alias ?? undefined) !== copy.alias) throw new Error(`the resolution preload is set for ${hook?.alias ?? 'no copy'}, wanted ${copy.alias ?? 'none'}`);
	return result;
}
