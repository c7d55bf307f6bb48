/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, readWhenOk } from './client';

const root = join(__dirname, '../../..');

describe('the core serving the real endpoints and seeded data', () => {
	let sandbox: TestSandbox;

	beforeAll(async () => {
		sandbox = await startTestSandbox({ jobSeconds: 0.2, rateLimit: false });
	});
	afterAll(() => sandbox.close());

	it('serves /v1/me through the freshness cache as a single object', async () => {
		expect((await call(sandbox, '/v1/me')).body.meta.status).toBe('stale');
		const me = await readWhenOk(sandbox, '/v1/me');
		expect(me.body.data).toHaveLength(1);
		expect(me.body.data[0]).toHaveProperty('upstreamId');
		expect(me.body).not.toHaveProperty('links');
	});

	it('pages a seeded list with the configured page size and never logs the key', async () => {
		await sandbox.control.config({ pageSize: 2 });
		const first = await readWhenOk(sandbox, '/v1/gl-accounts');
		expect(first.body.meta.count).toBe(2);
		const second = await call(sandbox, first.body.links.next);
		expect(second.body.meta).toMatchObject({ status: 'ok', page: 2 });
		expect(JSON.stringify(await sandbox.control.log())).not.toContain(sandbox.key);
	});
	it('creates through a real endpoint, expiring the cached list, and refuses a body over 20 MB', async () => {
		const before = await readWhenOk(sandbox, '/v1/vendors');
		const created = await call(sandbox, '/v1/vendors', { method: 'POST', body: JSON.stringify({ companyName: 'Core Test Plumbing' }) });
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({ meta: { status: 'ok', count: 1, query: { companyName: 'Core Test Plumbing' } }, errors: [] });
		expect((await call(sandbox, '/v1/vendors')).body.meta).toMatchObject({ status: 'stale', lastUpdated: before.body.meta.lastUpdated });

		const huge = JSON.stringify({ companyName: 'x'.repeat(20 * 1024 * 1024 + 1) });
		expect((await call(sandbox, '/v1/vendors', { method: 'POST', body: huge })).status).toBe(413);
	});

	it('serves the signed file URLs the data hands out, without a key', async () => {
		const [letter] = await sandbox.control.records<{ fileId: string }>('letters');
		const download = await fetch(`${sandbox.url}/signed/${letter.fileId}`);
		expect(download.status).toBe(200);
		expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
	});
});

describe('npm run sandbox (cli.ts)', () => {
	let cli: ReturnType<typeof spawn> | undefined;
	afterEach(() => {
		if (cli?.exitCode === null) cli.kill('SIGKILL');
	});

	it('prints the URL, key and a curl example, answers with the given key, and exits cleanly on SIGTERM', async () => {
		// one process (tsx as a loader, not its wrapper CLI) so the signal reaches the sandbox itself
		cli = spawn(process.execPath, ['--import', 'tsx', join(root, 'sandbox/cli.ts'), '--port', '0', '--key', 'cli-key', '--job-seconds', '0.2', '--rate-limit', 'off'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const child = cli;
		let output = '';
		child.stderr?.on('data', (chunk) => (output += chunk));
		child.stdout?.on('data', (chunk) => (output += chunk));
		const url = await new Promise<string>((resolve, reject) => {
			child.stdout?.on('data', () => {
				const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
				if (found && output.includes('Control API:')) resolve(found[1]);
			});
			child.once('exit', (code) => reject(new Error(`cli exited early (${code}): ${output}`)));
		});
		expect(output).toContain('cli-key');
		expect(output).toContain(`curl -H 'X-API-Key: cli-key' ${url}/v1/me`);

		const answer = await fetch(`${url}/v1/me`, { headers: { 'X-API-Key': 'cli-key' } });
		expect(answer.status).toBe(200);
		const exitCode = await new Promise<number | null>((resolve) => {
			child.once('exit', (code) => resolve(code));
			child.kill('SIGTERM');
		});
		expect(exitCode).toBe(0);
		const requestLines = output.split('\n').filter((line) => /^(GET|POST) /.test(line));
		expect(requestLines).toEqual([expect.stringMatching(/^GET \/v1\/me 200 \d+ms$/)]);
	});
});
