/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * A 403 tells the user what to do: a read-only key refused on a create, or a key limited to other
 * endpoints refused on a read. The sandbox has no restricted keys, so a local server answers 403
 * with the service's error body; the node runs through n8n-core.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { runNode } from '../../support/n8n';

let server: http.Server;
let baseUrl: string;
const seen: string[] = [];

beforeAll(async () => {
	server = http.createServer((request, response) => {
		seen.push(`${request.method} ${request.url}`);
		request.resume();
		response.writeHead(403, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ message: 'Forbidden', errors: [{ code: 'forbidden', message: 'This API key does not have permission for this action' }] }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise((resolve) => server.close(resolve)));
beforeEach(() => (seen.length = 0));

const nodeType = new PropertyManagement();
const credentials = () => ({ apiKey: 'read-only-key', baseUrl });

test('a create refused with 403 says the key may not write and what to use instead, once', async () => {
	const { error } = await runNode({
		nodeType,
		parameters: { resource: 'propertyGroup', operation: 'create', name: 'East Portfolio' },
		credentials: credentials(),
	});
	expect(error?.message).toBe('Item 0: The API key lacks the permission to create records at /v1/property-groups');
	expect(error?.description).toContain('does not have permission');
	expect(error?.description).toContain('read-only');
	expect(seen).toEqual(['POST /v1/property-groups']);
});

test('a read refused with 403 names the path and the likely cause', async () => {
	const { error } = await runNode({ nodeType, parameters: { resource: 'vendor', operation: 'getAll', limit: 5 }, credentials: credentials() });
	expect(error?.message).toBe('The API key lacks the permission to read /v1/vendors');
	expect(error?.description).toContain('limited to some endpoints');
	expect(seen).toEqual(['GET /v1/vendors']);
});
