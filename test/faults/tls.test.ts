/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Issue 45, item 7: a Base URL whose HTTPS certificate n8n cannot verify. Real local HTTPS servers with
 * certificates made by openssl: a self-signed one, and one signed by an authority nobody trusts. The
 * error names the certificate's problem and the host, is not retried (a certificate does not change
 * between attempts) and says how to fix it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { engineTestNode } from '../support/engineTestNode';
import { runNode } from '../support/n8n';
import { errorText } from './setup';

const KEY = 'tls-test-key-5c2e91';
let dir: string;
const servers: Server[] = [];

function openssl(...args: string[]) {
	execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A key and a certificate for localhost, self-signed or signed by a throw-away authority. */
function certificate(kind: 'self-signed' | 'unknown authority'): { key: Buffer; cert: Buffer } {
	const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
	if (kind === 'self-signed') {
		openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.crt', '-days', '2', ...subject);
		return { key: readFileSync(join(dir, 'self.key')), cert: readFileSync(join(dir, 'self.crt')) };
	}
	openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Untrusted Test CA');
	openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost');
	execFileSync('sh', ['-c', 'printf "subjectAltName=DNS:localhost,IP:127.0.0.1" > leaf.ext'], { cwd: dir });
	openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.crt', '-days', '2', '-extfile', 'leaf.ext');
	return { key: readFileSync(join(dir, 'leaf.key')), cert: readFileSync(join(dir, 'leaf.crt')) };
}

/** An HTTPS server that would answer like the service; `connections` counts the attempts that reached it. */
async function serveTls(credentials: { key: Buffer; cert: Buffer }) {
	const state = { connections: 0, requests: 0 };
	const server = createServer(credentials, (req, res) => {
		state.requests += 1;
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify({ meta: { status: 'ok', lastUpdated: 1_763_700_000 }, links: { next: null }, data: [] }));
	});
	server.on('connection', () => (state.connections += 1));
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { state, url: `https://localhost:${(server.address() as AddressInfo).port}` };
}

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'pm-tls-'));
});

afterAll(() => {
	for (const server of servers) {
		server.closeAllConnections();
		server.close();
	}
	rmSync(dir, { recursive: true, force: true });
});

const read = (baseUrl: string, method: 'GET' | 'POST' = 'GET') =>
	runNode({
		nodeType: engineTestNode,
		parameters: method === 'GET' ? { path: '/v1/vendors' } : { method: 'POST', path: '/v1/property-groups', body: { name: 'Group' } },
		credentials: { apiKey: KEY, baseUrl },
	});

describe('a certificate n8n cannot verify', () => {
	test.each([
		['self-signed', 'DEPTH_ZERO_SELF_SIGNED_CERT', /self[- ]signed certificate/],
		['unknown authority', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', /unable to verify the first certificate/],
	] as const)('%s: names the problem and the host, one attempt, the fix in the description', async (kind, code, reason) => {
		const service = await serveTls(certificate(kind));
		const { error } = await read(service.url);
		expect(error?.message).toMatch(new RegExp(`certificate.*localhost`, 'i'));
		expect(error?.message).toMatch(reason);
		expect(error?.description).toContain(code);
		expect(error?.description).toMatch(/valid certificate/);
		expect(error?.description).toMatch(/Base URL/);
		expect(error?.description).not.toMatch(/UNKNOWN|attempt\(s\)/);
		expect(service.state).toEqual({ connections: 1, requests: 0 });
		expect(errorText(error)).not.toContain(KEY);
	});

	test('a create: one attempt, and no caution that the record may exist (nothing reached the service)', async () => {
		const service = await serveTls(certificate('self-signed'));
		const { error } = await read(service.url, 'POST');
		expect(error?.message).toMatch(/certificate.*localhost/i);
		expect(errorText(error)).not.toContain('may have created the record');
		expect(service.state).toEqual({ connections: 1, requests: 0 });
	});
});
