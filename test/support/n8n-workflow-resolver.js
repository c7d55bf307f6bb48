'use strict';
/**
 * A jest resolver that gives the package's own code (nodes/, credentials/) a chosen n8n-workflow,
 * while n8n-core and the test helpers keep the dev dependency: at run time the package resolves
 * `n8n-workflow` from its own folder first (a manual `npm install` puts the registry's newest there)
 * or else from n8n's, whatever n8n-core runs it.
 */
const path = require('node:path');

const { installedDir } = require('../../scripts/n8n-workflow-versions');

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_DIRS = ['nodes', 'credentials'].map((dir) => path.join(ROOT, dir) + path.sep);

function packageCodeResolver(alias) {
	const target = installedDir(alias);
	return (request, options) => {
		const fromPackage = PACKAGE_DIRS.some((dir) => options.basedir.startsWith(dir));
		if (fromPackage && (request === 'n8n-workflow' || request.startsWith('n8n-workflow/'))) {
			return options.defaultResolver(target + request.slice('n8n-workflow'.length), options);
		}
		return options.defaultResolver(request, options);
	};
}

module.exports = { packageCodeResolver };
