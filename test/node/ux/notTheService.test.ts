/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * A Base URL that answers, but is not the service (issue 28, item 7): the credential test fails with
 * a clear message instead of passing on any 2xx; a read fails at once instead of waiting Max Wait; and
 * the credential warns when the key would travel over plain http to a host that is not local.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeHelpers, type INodeType } from 'n8n-workflow';

import { PropertyManagementApi } from '../../../credentials/PropertyManagementApi.credentials';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { engineTestNode } from '../../support/engineTestNode';
import { runNode } from '../../support/n8n';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const KEY = 'not-the-service-key-4e1a';
const credential = new PropertyManagementApi();
const servers: Server[] = [];
let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ keys: [KEY], jobSeconds: 0 });
});

afterAll(async () => {
	await sandbox?.close();
});

afterEach(() => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		server.close();
	}
});

/** A server that answers every request 200 with `body` as `contentType`. */
async function answering(body: string, contentType: string) {
	const seen: string[] = [];
	const server = createServer((req, res) => {
		seen.push(req.url ?? '/');
		res.writeHead(200, { 'Content-Type': contentType });
		res.end(body);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const valueAt = (data: unknown, key: string) =>
	key.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), data);

/**
 * n8n's CredentialsTester (1.123 and 2.41 alike): the test request as one property's routing, run by
 * RoutingNode; an error fails it (responseCode rules name known codes), then each responseSuccessBody
 * rule fails it when the answer's `key` equals `value`.
 */
async function credentialTest(baseUrl: string): Promise<{ status: 'OK' } | { status: 'Error'; message: string }> {
	const tester: INodeType = {
		description: {
			...engineTestNode.description,
			requestOperations: undefined,
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: credential.test.request } }],
		},
	};
	const { items, error } = await runNode({ nodeType: tester, parameters: {}, credentials: { apiKey: KEY, baseUrl } });
	if (error) return { status: 'Error', message: error.message };
	for (const rule of credential.test.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		if (valueAt(items[0]?.json, rule.properties.key) === rule.properties.value) return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK' };
}

describe('the credential test', () => {
	it('passes on the service (the sandbox) and fails on a 200 with {} or with an HTML page, naming the Base URL', async () => {
		const emptyJson = await answering('{}', 'application/json');
		const html = await answering('<!doctype html><html><body>Welcome to nginx!</body></html>', 'text/html');
		expect(await credentialTest(sandbox.url)).toEqual({ status: 'OK' });
		for (const server of [emptyJson, html]) {
			const verdict = await credentialTest(server.url);
			expect(verdict).toEqual({ status: 'Error', message: expect.stringMatching(/not like the Property Management API .*Check the Base URL/) });
			expect(server.seen).toEqual(['/v1/me']);
		}
	});
});

describe('a read from a Base URL that is not the service', () => {
	it('a 200 whose JSON has no meta: one request and a clear error, not a wait of Max Wait (300 s)', async () => {
		const other = await answering(JSON.stringify({ items: [{ id: 1 }] }), 'application/json');
		const { error, items } = await runNode({
			nodeType: new PropertyManagement(),
			parameters: { resource: 'tenant', operation: 'getAll', returnAll: true, options: { maxWait: 300 } },
			credentials: { apiKey: KEY, baseUrl: other.url },
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('The answer to /v1/tenants does not look like the Property Management API; check the Base URL of the credential');
		expect(error?.description).toContain(other.url);
		expect(error?.description).not.toContain(KEY);
		expect(other.seen).toHaveLength(1);
	});
});

describe('the Base URL warning', () => {
	const notice = credential.properties.find((property) => property.type === 'notice')!;
	const shownFor = (baseUrl: string) => NodeHelpers.displayParameter({ baseUrl }, notice, null, null);

	it('shows for http:// to a public host, not for https:// or http:// to this machine or a private network', () => {
		expect(notice.displayName).toMatch(/clear text/);
		expect(['http://api.example.com', 'http://203.0.113.9:8080'].map(shownFor)).toEqual([true, true]);
		const quiet = ['https://api.example.com', 'http://localhost:8787', 'http://127.0.0.1:8787', 'http://192.168.1.20', 'http://10.0.0.5', 'http://172.20.0.3:80', 'http://[::1]:8787', ''];
		expect(quiet.filter(shownFor)).toEqual([]);
	});
});
