/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import path from 'node:path';

const NODES = path.join(__dirname, '..', '..', 'nodes');

/*
 * By file name: under tsx a bare `X.node` import resolves to the codex file X.node.json, not to the
 * node's source (jest resolves it right, so tests import normally).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export function loadNode(): typeof import('../../nodes/PropertyManagement/PropertyManagement.node') {
	return require(path.join(NODES, 'PropertyManagement', 'PropertyManagement.node.ts'));
}

export function loadTrigger(): typeof import('../../nodes/PropertyManagementTrigger/PropertyManagementTrigger.node') {
	return require(path.join(NODES, 'PropertyManagementTrigger', 'PropertyManagementTrigger.node.ts'));
}
