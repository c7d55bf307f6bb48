/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The rules where the spec and the public docs disagree (sandbox/README.md, "Spec or docs"): each
 * asserted against a sandbox of each profile, over plain HTTP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause, readWhenOk } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

const sandboxes: Record<'spec' | 'documented', TestSandbox> = {} as never;
const readOnlyKey = 'read-only-key-of-the-test';
const limitedKey = 'limited-key-of-the-test';

beforeAll(async () => {
	for (const profile of ['spec', 'documented'] as const) {
		sandboxes[profile] = await startTestSandbox({
			endpoints: fakeEndpoints,
			dataModule: fakeDataModule,
			jobSeconds: 0.2,
			pageSize: 3,
			rateLimit: false,
			profile,
			readOnlyKeys: [readOnlyKey],
			limitedKeys: { [limitedKey]: ['/v1/widgets'] },
		});
	}
});
afterAll(async () => {
	await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close()));
});
beforeEach(async () => {
	await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.control.reset()));
});

/** Moves the sandbox clock on, so the cached snapshot is that much older. */
async function age(sandbox: TestSandbox, seconds: number): Promise<void> {
	const { clock } = await sandbox.control.config();
	await sandbox.control.config({ clock: new Date(Date.parse(clock) + seconds * 1000).toISOString() });
}

describe('X-API-MAX-AGE', () => {
	it('spec: the header as sent; documented: at least 60 s (smaller values count as 60)', async () => {
		for (const [profile, expected] of [['spec', 'stale'], ['documented', 'ok']] as const) {
			const sandbox = sandboxes[profile];
			await readWhenOk(sandbox, '/v1/widgets');
			await age(sandbox, 30);
			const answer = await call(sandbox, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '0' } });
			expect([profile, answer.body.meta.status]).toEqual([profile, expected]);
		}
		const documented = sandboxes.documented;
		await age(documented, 31);
		const older = await call(documented, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '0' } });
		expect(older.body.meta.status).toBe('updating');
	});

	it('documented: the ±5 min variance is one offset set through the control API, within ±300 s', async () => {
		const sandbox = sandboxes.documented;
		await readWhenOk(sandbox, '/v1/widgets');
		await sandbox.control.config({ maxAgeVarianceSeconds: 300 });
		await age(sandbox, 200);
		expect((await call(sandbox, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '0' } })).body.meta.status).toBe('ok');
		await sandbox.control.config({ maxAgeVarianceSeconds: -300 });
		expect((await call(sandbox, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '400' } })).body.meta.status).toBe('updating');
		// a refresh that just completed is ok to its poller whatever the variance
		const fresh = await readWhenOk(sandbox, '/v1/widgets', { 'X-API-MAX-AGE': '400' });
		expect(fresh.body.data).toHaveLength(3);
		await expect(sandbox.control.config({ maxAgeVarianceSeconds: 301 })).rejects.toThrow(/maxAgeVarianceSeconds/);
	});
});

describe('the answer that starts a refresh job', () => {
	it('spec: stale, then updating while it runs; documented: updating from the start', async () => {
		for (const [profile, first] of [['spec', 'stale'], ['documented', 'updating']] as const) {
			const sandbox = sandboxes[profile];
			const cold = await call(sandbox, '/v1/widgets?color=red');
			expect([profile, cold.body.meta.status, cold.body.meta.lastUpdated]).toEqual([profile, first, null]);
			expect(cold.body).not.toHaveProperty('data');
			await readWhenOk(sandbox, '/v1/widgets?color=red');
			await sandbox.control.expire('/v1/widgets');
			const expired = await call(sandbox, '/v1/widgets?color=red');
			expect([profile, expired.body.meta.status]).toEqual([profile, first]);
			expect(expired.body.data).toHaveLength(3);
			expect((await call(sandbox, '/v1/widgets?color=red')).body.meta.status).toBe('updating');
		}
	});

	it('both: a cursor page whose snapshot was replaced answers stale', async () => {
		for (const profile of ['spec', 'documented'] as const) {
			const sandbox = sandboxes[profile];
			const first = await readWhenOk(sandbox, '/v1/widgets');
			await sandbox.control.expire('/v1/widgets');
			await call(sandbox, '/v1/widgets');
			await readWhenOk(sandbox, '/v1/widgets');
			const later = await call(sandbox, first.body.links.next);
			expect([profile, later.body.meta.status]).toEqual([profile, 'stale']);
		}
	});
});

describe('a refresh that fails (control API failRefreshes)', () => {
	it('documented: stale with meta.statusDetails and lastUpdated unchanged, then a new job; spec: no statusDetails, a new job at once', async () => {
		const documented = sandboxes.documented;
		const fresh = await readWhenOk(documented, '/v1/widgets');
		expect(fresh.body.meta.statusDetails).toEqual({ code: 200, message: 'Refreshed from the upstream system' });
		await documented.control.config({ failRefreshes: true });
		await documented.control.expire('/v1/widgets');
		expect((await call(documented, '/v1/widgets')).body.meta.status).toBe('updating');
		await pause(400);
		const failed = await call(documented, '/v1/widgets');
		expect(failed.body.meta).toMatchObject({
			status: 'stale',
			lastUpdated: fresh.body.meta.lastUpdated,
			statusDetails: { code: 502, message: 'The refresh from the upstream system failed' },
		});
		expect(failed.body.data).toHaveLength(3);
		expect((await call(documented, '/v1/widgets')).body.meta).toMatchObject({ status: 'updating', statusDetails: { code: 502 } });

		const spec = sandboxes.spec;
		await readWhenOk(spec, '/v1/widgets');
		await spec.control.config({ failRefreshes: true });
		await spec.control.expire('/v1/widgets');
		await call(spec, '/v1/widgets');
		await pause(400);
		const again = await call(spec, '/v1/widgets');
		expect(again.body.meta.status).toBe('stale');
		expect(again.body.meta).not.toHaveProperty('statusDetails');
		expect(again.body.meta.jobId).toEqual(expect.any(String));
	});
});

describe('meta.count', () => {
	it('spec: the number of items in data; documented: the total number of matches, on every page', async () => {
		for (const [profile, counts] of [['spec', [3, 3, 1]], ['documented', [7, 7, 7]]] as const) {
			const sandbox = sandboxes[profile];
			const seen: number[] = [];
			let answer = await readWhenOk(sandbox, '/v1/widgets');
			for (;;) {
				seen.push(answer.body.meta.count);
				if (!answer.body.links.next) break;
				answer = await call(sandbox, answer.body.links.next);
			}
			expect([profile, seen]).toEqual([profile, counts]);
		}
	});
});

describe('X-API-NOTIFY-URL on data already within max age', () => {
	let receiver: Server;
	let received: Array<Record<string, unknown>>;
	let receiverUrl: string;

	beforeAll(async () => {
		receiver = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				received.push({ ...JSON.parse(text), contentType: req.headers['content-type'] });
				res.end();
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	});
	afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
	beforeEach(() => (received = []));

	it('documented: the URL is called at once (JSON POST, no job id); spec: not at all', async () => {
		const documented = sandboxes.documented;
		const fresh = await readWhenOk(documented, '/v1/widgets');
		const answer = await call(documented, '/v1/widgets', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		expect(answer.body.meta.status).toBe('ok');
		for (let attempt = 0; attempt < 40 && received.length === 0; attempt++) await pause(25);
		expect(received).toEqual([
			{
				path: '/v1/widgets',
				query: {},
				status: 'ok',
				lastUpdated: fresh.body.meta.lastUpdated,
				url: `${documented.url}/v1/widgets`,
				contentType: 'application/json',
			},
		]);

		const spec = sandboxes.spec;
		await readWhenOk(spec, '/v1/widgets');
		await call(spec, '/v1/widgets', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		await pause(300);
		expect(received).toHaveLength(1);
	});
});

describe('keys and error bodies', () => {
	it('both: a read-only key reads, and its POST is refused with 403 and nothing stored', async () => {
		for (const profile of ['spec', 'documented'] as const) {
			const sandbox = sandboxes[profile];
			const headers = { 'X-API-Key': readOnlyKey };
			expect((await readWhenOk(sandbox, '/v1/widgets', headers)).body.data.length).toBeGreaterThan(0);
			const refused = await call(sandbox, '/v1/widgets', { method: 'POST', headers, body: JSON.stringify({ name: 'x', color: 'red' }) });
			expect([profile, refused.status]).toEqual([profile, 403]);
			expect(refused.body.message).toMatch(/read-only/);
			expect(refused.text).not.toContain(readOnlyKey);
			expect(await sandbox.control.records('widgets')).toHaveLength(7);
			const [logged] = (await sandbox.control.log()).filter((entry) => entry.method === 'POST');
			expect(logged).toMatchObject({ status: 403, key: 'key#2' });
		}
	});

	it('both: a key limited to some endpoints uses those and gets 403 elsewhere', async () => {
		for (const profile of ['spec', 'documented'] as const) {
			const sandbox = sandboxes[profile];
			const headers = { 'X-API-Key': limitedKey };
			expect((await readWhenOk(sandbox, '/v1/widgets?color=red', headers)).body.data.length).toBeGreaterThan(0);
			const refused = await call(sandbox, '/v1/gadgets', { headers });
			expect([profile, refused.status]).toEqual([profile, 403]);
			expect(refused.body.message).toBe('This API key is limited to other endpoints and may not use /v1/gadgets');
			expect((await call(sandbox, '/v1/gadgets')).status).toBe(404);
		}
	});

	it('documented error bodies carry statusCode and type besides message and errors; spec ones do not', async () => {
		const documented = await call(sandboxes.documented, '/v1/widgets?color=green');
		expect(documented.status).toBe(400);
		expect(documented.body).toEqual({
			statusCode: 400,
			type: 'BadRequest',
			message: 'color is invalid',
			errors: [{ code: 'invalid_request', message: 'color is invalid', field: 'color' }],
		});
		const unauthorized = await call(sandboxes.documented, '/v1/widgets', { headers: { 'X-API-Key': 'nope' } });
		expect(unauthorized.body).toMatchObject({ statusCode: 401, type: 'Unauthorized' });
		const spec = await call(sandboxes.spec, '/v1/widgets?color=green');
		expect(spec.body).toEqual({ message: 'color is invalid', errors: [{ code: 'invalid_request', message: 'color is invalid', field: 'color' }] });
	});
});
