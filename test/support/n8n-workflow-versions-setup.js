'use strict';
/** jest globalSetup: the n8n-workflow copies of the version projects are installed before any test. */
module.exports = async () => {
	require('../../scripts/n8n-workflow-versions').ensureInstalled();
};
