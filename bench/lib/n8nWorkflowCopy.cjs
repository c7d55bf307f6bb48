'use strict';
/**
 * Preloaded (`node --require`) into a bench child process when BENCH_N8N_WORKFLOW names one of the
 * copies of scripts/n8n-workflow-versions.js (e.g. `n8n-workflow-2.41`): the package's own
 * `n8n-workflow` requests (from files under nodes/ or credentials/) resolve to that copy, while
 * n8n-core, the test helpers and the bench keep the dev dependency. The bench's equivalent of the
 * jest resolver test/support/n8n-workflow-resolver.js, and like it the way n8n resolves the package
 * at run time. Loaded before tsx, so tsx's resolver (which maps .ts files) wraps this one.
 */
const Module = require('node:module');
const path = require('node:path');

const alias = process.env.BENCH_N8N_WORKFLOW;
if (alias) {
	const { installedDir } = require('../../scripts/n8n-workflow-versions');
	const target = installedDir(alias);
	const ROOT = path.resolve(__dirname, '../..');
	const PACKAGE_DIRS = ['nodes', 'credentials'].map((dir) => path.join(ROOT, dir) + path.sep);
	const isPackageFile = (filename) => typeof filename === 'string' && PACKAGE_DIRS.some((dir) => filename.startsWith(dir));
	const redirected = new Set();
	const original = Module._resolveFilename;
	Module._resolveFilename = function resolveFilename(request, parent, ...rest) {
		if ((request === 'n8n-workflow' || request.startsWith('n8n-workflow/')) && isPackageFile(parent?.filename)) {
			const resolved = original.call(this, target + request.slice('n8n-workflow'.length), parent, ...rest);
			redirected.add(path.relative(ROOT, parent.filename));
			return resolved;
		}
		return original.call(this, request, parent, ...rest);
	};
	/** Which copy the package's code got, for the child to report (tasks/engineRows.ts). */
	globalThis.__benchN8nWorkflowCopy = { alias, target, redirected };
}
