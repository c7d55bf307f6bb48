/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { INodeType } from 'n8n-workflow';

import { PropertyManagementApi } from '../../credentials/PropertyManagementApi.credentials';
import { listSearch } from '../../nodes/shared/listSearch';
import { engineTestNode } from '../support/engineTestNode';
import { runNode, runPoll } from '../support/n8n';
import type { TestSandbox } from '../support/sandbox';
import { listSearchContext } from '../node/writes/harness';
import { trigger } from '../trigger/harness';
import { okPage, startCraftedServer, type CraftedServer } from '../support/craftedServer';
import { errorText } from './setup';

const KEY = 'redirect-secret-key-91c2e4';
const PATH = '/v1/vendors';
const servers: CraftedServer[] = [];

async function serve(reply: Parameters<typeof startCraftedServer>[0]) {
	const server = await startCraftedServer(reply);
	servers.push(server);
	return server;
}

afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A host that would gladly answer with data of its own, and records every key it is handed. */
async function otherHost() {
	return await serve(() => ({ body: okPage(PATH, [{ upstreamId: 'planted', name: 'Not from the service' }]) }));
}

/** The service redirects every request to `target` + the same URL. */
async function redirectingService(status: number, target: () => string) {
	return await serve((request) => ({ status, body: {}, headers: { Location: `${target()}${request.url}` } }));
}

const keysSeenBy = (server: CraftedServer) => server.seen.map((request) => request.headers['x-api-key']).filter(Boolean);

describe('redirects: the key never leaves the credential’s origin', () => {
	test.each([301, 302, 307, 308])('a %i to another host: not followed; that host sees nothing; the error names the status and the origin', async (status) => {
		const elsewhere = await otherHost();
		const service = await redirectingService(status, () => elsewhere.url);
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, returnAll: true },
			credentials: { apiKey: KEY, baseUrl: service.url },
		});
		expect(elsewhere.seen).toEqual([]);
		expect(items).toEqual([]);
		expect(error?.message).toContain(`HTTP ${status}`);
		expect(error?.message).toContain(elsewhere.url);
		expect(error?.message).toContain(PATH);
		expect(errorText(error)).not.toContain(KEY);
		expect(service.seen).toHaveLength(1);
	});

	test('a redirect to the same origin: not followed either, a clear error', async () => {
		// the answer names the service's own address, known once it listens
		const service: CraftedServer = await serve((request) =>
			request.url.startsWith('/moved')
				? { body: okPage(PATH, [{ upstreamId: '1' }]) }
				: { status: 301, body: {}, headers: { Location: `${service.url}/moved${request.url}` } },
		);
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: PATH, returnAll: true },
			credentials: { apiKey: KEY, baseUrl: service.url },
		});
		expect(error?.message).toMatch(/redirect \(HTTP 301\)/);
		expect(error?.description).toMatch(/change the Base URL/);
		expect(service.seen.map((request) => request.url)).toEqual([PATH]);
	});

	test('a list search (resource locator) redirected to another host: that host sees nothing', async () => {
		const elsewhere = await otherHost();
		const service = await redirectingService(302, () => elsewhere.url);
		const context = listSearchContext({ key: KEY, url: service.url } as TestSandbox);
		await expect(listSearch.searchVendors.call(context)).rejects.toThrow(/redirect \(HTTP 302\)/);
		expect(elsewhere.seen).toEqual([]);
	});

	test('a trigger poll redirected to another host: that host sees nothing', async () => {
		const elsewhere = await otherHost();
		const service = await redirectingService(302, () => elsewhere.url);
		await expect(
			runPoll({ nodeType: trigger, parameters: { event: 'guestCard' }, credentials: { apiKey: KEY, baseUrl: service.url } }),
		).rejects.toThrow(/redirect \(HTTP 302\)/);
		expect(elsewhere.seen).toEqual([]);
		expect(keysSeenBy(service)).toEqual([KEY]);
	});

	test('the credential test, run as n8n’s credential tester runs it (RoutingNode, the test request as routing): not followed', async () => {
		const elsewhere = await otherHost();
		const service = await redirectingService(302, () => elsewhere.url);
		// n8n's CredentialsTester puts the credential's test request on one property's routing
		const tester: INodeType = {
			description: {
				...engineTestNode.description,
				requestOperations: undefined,
				properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: new PropertyManagementApi().test.request } }],
			},
		};
		const { error } = await runNode({ nodeType: tester, parameters: {}, credentials: { apiKey: KEY, baseUrl: service.url } });
		expect(error).toBeDefined();
		expect(elsewhere.seen).toEqual([]);
		expect(service.seen.map((request) => request.url)).toEqual(['/v1/me']);
	});

	test('a file download: the signed URL (on another host) is fetched without the key, redirects included', async () => {
		const storage = await serve((request) =>
			request.url.startsWith('/final') ? { body: 'file-bytes' } : { status: 302, body: {}, headers: { Location: '/final' } },
		);
		const service = await serve(() => ({
			body: okPage('/v1/file', [{ id: 'f1', signedUrl: `${storage.url}/signed/f1`, fileName: 'a.txt', contentType: 'text/plain' }]),
		}));
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/file', options: { download: true } },
			credentials: { apiKey: KEY, baseUrl: service.url },
		});
		expect(error).toBeUndefined();
		expect(items[0].binary?.data).toBeDefined();
		expect(storage.seen.map((request) => request.url)).toEqual(['/signed/f1', '/final']);
		expect(keysSeenBy(storage)).toEqual([]);
	});
});
