/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { runNode } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineTestNode } from '../support/engineTestNode';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: 50 });
});
afterAll(async () => await sandbox.close());

const credentials = () => ({ apiKey: sandbox.key, baseUrl: `${sandbox.url}/` });

describe('freshness through n8n-core', () => {
	it('waits through stale → ok, polling the same URL 10 s apart, never returning the empty first answer', async () => {
		await sandbox.control.clearLog();
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/properties', returnAll: true, options: { includeMeta: true } },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => (item.json._meta as { status: string }).status === 'ok')).toBe(true);
		expect(items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);

		const firstPages = (await sandbox.control.log()).filter(
			(entry) => entry.path === '/v1/properties' && !('page[after]' in entry.query) && !('cursor' in entry.query),
		);
		expect(firstPages.length).toBe(2);
		expect(firstPages[1].time - firstPages[0].time).toBeGreaterThanOrEqual(10_000);
	});

	it('cached: fails clearly when there is no cached data yet, instead of an empty list', async () => {
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/owners', options: { freshness: 'cached' } },
			credentials: credentials(),
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/no cached data yet for \/v1\/owners; a refresh job started/i);
	});

	it('wait with a short Max Wait and Return Stale still refuses to return a missing list as empty', async () => {
		// a refresh job that outlasts the wait: the last look, at Max Wait, still finds no data
		await sandbox.control.config({ jobSeconds: 3600 });
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/vendors', options: { maxWait: 5, onWaitTimeout: 'returnStale' } },
			credentials: credentials(),
		}).finally(() => sandbox.control.config({ jobSeconds: 1 }));
		expect(error?.message).toMatch(/\/v1\/vendors was not refreshed within 5 s/);
		expect(error?.description).toMatch(/last status "(stale|updating)"/);
	});

	it('notify: sends the notify URL, returns one pending item at once, and the sandbox calls the URL back', async () => {
		const received: Array<Record<string, unknown>> = [];
		const listener = http.createServer((request, response) => {
			let body = '';
			request.on('data', (chunk) => (body += chunk));
			request.on('end', () => {
				received.push({ method: request.method, key: request.headers['x-api-key'], ...JSON.parse(body) });
				response.end('{}');
			});
		});
		await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
		const notifyUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/resume/1`;
		try {
			await sandbox.control.clearLog();
			// the longer processing mode: in the hostile profile the first refresh of /v1/units in the default
			// mode times out (24 s, sandbox/README.md), and a refresh that fails sends no webhook
			const { items, error } = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/units', options: { freshness: 'notify', notifyUrl, processingMode: 'longer' } },
				credentials: credentials(),
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ pending: true, _meta: { status: 'stale', path: '/v1/units' } });
			expect(items[0].pairedItem).toEqual({ item: 0 });
			const log = await sandbox.control.log();
			expect(log.filter((entry) => entry.path === '/v1/units').map((entry) => entry.notifyUrl)).toEqual([notifyUrl]);

			for (let waited = 0; received.length === 0 && waited < 50; waited++) {
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
			expect(received).toHaveLength(1);
			expect(received[0]).toMatchObject({ method: 'POST', status: 'ok', path: '/v1/units' });
			expect(received[0].key).toBeUndefined();
		} finally {
			listener.close();
		}
	});

	it('resolves the default notify URL expression to the execution resume URL', async () => {
		await sandbox.control.clearLog();
		const { items } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/users', options: { freshness: 'notify', notifyUrl: '={{ $execution.resumeUrl }}' } },
			credentials: credentials(),
		});
		expect(items[0].json.pending).toBe(true);
		const [entry] = (await sandbox.control.log()).filter((logged) => logged.path === '/v1/users');
		expect(entry.notifyUrl).toMatch(/^http:\/\/n8n\.test\/webhook-waiting\/test-\d+$/);
	});
});
