/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Where a signed URL may lead (issue 28, item 6): with a Base URL on a public host, the node follows a
 * signed URL only over HTTPS and never to loopback, private or link-local addresses (the cloud metadata
 * service at 169.254.169.254); with a Base URL on such a host itself (the sandbox), local files load.
 *
 * The service runs on 127.0.0.1 but is reached by a public-looking name: this process's DNS lookups
 * answer 127.0.0.1 for `*.pm-test.example` (n8n's HTTP client resolves names through node's dns).
 */
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { isLocalHost } from '../../../nodes/shared/transport/settings/localHosts';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { okPage } from '../../support/craftedServer';
import { runNode } from '../../support/n8n';

const KEY = 'download-hosts-key-7c2d';
const TEST_DOMAIN = '.pm-test.example';
const servers: Server[] = [];
const originalLookup = dns.lookup;

beforeAll(() => {
	(dns as { lookup: unknown }).lookup = ((hostname: string, options: unknown, callback?: unknown) => {
		if (!hostname.endsWith(TEST_DOMAIN)) return (originalLookup as (...args: unknown[]) => unknown)(hostname, options, callback);
		const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
		const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
		process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
		return undefined;
	}) as typeof dns.lookup;
});

afterAll(() => {
	(dns as { lookup: unknown }).lookup = originalLookup;
});

afterEach(() => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		server.close();
	}
});

async function listen(handler: Parameters<typeof createServer>[1]) {
	const seen: Array<{ url: string; apiKey?: string }> = [];
	const server = createServer((req, res) => {
		seen.push({ url: req.url ?? '/', apiKey: req.headers['x-api-key'] as string | undefined });
		handler!(req, res);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { port: (server.address() as AddressInfo).port, seen };
}

async function storage() {
	return await listen((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/pdf' });
		res.end('file bytes');
	});
}

async function service(signedUrl: string) {
	return await listen((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(okPage('/v1/file', [{ id: 'f1', fileName: 'lease.pdf', contentType: 'application/pdf', fileSize: 10, signedUrl }])));
	});
}

async function getFile(baseUrl: string) {
	return await runNode({
		nodeType: new PropertyManagement(),
		parameters: { resource: 'attachment', operation: 'getFile', id: 'f1', options: { download: true } },
		credentials: { apiKey: KEY, baseUrl },
	});
}

describe('a Base URL on a public host', () => {
	it.each([
		['loopback, over http', (port: number) => `http://127.0.0.1:${port}/signed/f1`, /not HTTPS \(http\)/],
		['a name for this machine, over https', (port: number) => `https://localhost:${port}/signed/f1`, /points to localhost, a loopback, private or link-local address/],
		['the cloud metadata service', () => 'https://169.254.169.254/latest/meta-data/iam/', /points to 169\.254\.169\.254/],
		['a private network address', () => 'https://10.1.2.3/files/f1', /points to 10\.1\.2\.3/],
		['loopback as an IPv4-mapped IPv6 address', () => 'https://[::ffff:127.0.0.1]/f1', /points to \[::ffff:7f00:1\]/],
		['a public host over plain http', () => 'http://files.pm-test.example/f1', /not HTTPS \(http\)/],
	])('refuses a signed URL to %s, requests nothing there, and names the origin', async (_case, signedUrlAt, reason) => {
		const files = await storage();
		const api = await service(signedUrlAt(files.port));
		const { error, items } = await getFile(`http://api${TEST_DOMAIN}:${api.port}`);
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^Refused to download the file lease\.pdf of \/v1\/file from /);
		expect(error?.description).toMatch(reason);
		expect(error?.description).toMatch(/only followed over HTTPS and never to this machine or a private network/);
		expect(files.seen).toEqual([]);
		expect(api.seen.map((request) => request.apiKey)).toEqual([KEY]);
	});
});

describe('a Base URL on this machine (the sandbox, tests)', () => {
	it('downloads a signed URL on a local host over http, without the API key', async () => {
		const files = await storage();
		const api = await service(`http://127.0.0.1:${files.port}/signed/f1`);
		const { error, items } = await getFile(`http://127.0.0.1:${api.port}`);
		expect(error).toBeUndefined();
		expect(Buffer.from((items[0].binary?.data as IDataObject).data as string, 'base64').toString()).toBe('file bytes');
		expect(files.seen).toEqual([{ url: '/signed/f1', apiKey: undefined }]);
	});
});

test('what counts as local: loopback, private, link-local, unspecified, CGNAT, unique-local and localhost names', () => {
	const local = ['127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '[::1]', '::', '[fd00::1]', '[fe80::1]', '[::ffff:7f00:1]', 'localhost', 'api.localhost', 'LOCALHOST.'];
	const remote = ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '[2001:db8::1]', 'example.com', 'fd.example.com', 'localhost.example.com'];
	expect(local.filter((host) => !isLocalHost(host))).toEqual([]);
	expect(remote.filter((host) => isLocalHost(host))).toEqual([]);
});
