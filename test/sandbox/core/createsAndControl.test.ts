import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ endpoints: fakeEndpoints, dataModule: fakeDataModule, jobSeconds: 0.2, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
	call(sandbox, path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('creates', () => {
	it('answers 200 with the envelope: body echoed in meta.query, one item, empty errors', async () => {
		const created = await post('/v1/widgets', JSON.stringify({ name: 'gadget', color: 'blue' }));
		expect(created.status).toBe(200);
		expect(created.body).toEqual({
			meta: { status: 'ok', path: '/v1/widgets', query: { name: 'gadget', color: 'blue' }, count: 1, lastUpdated: expect.any(Number) },
			data: [{ upstreamId: 'new-7', name: 'gadget', color: 'blue' }],
			errors: [],
		});
		expect(await sandbox.control.records('widgets', 'new-7')).toEqual([{ upstreamId: 'new-7', name: 'gadget', color: 'blue' }]);
	});

	it('maps a validation HttpError to 400 naming the field', async () => {
		const invalid = await post('/v1/widgets', JSON.stringify({ color: 'red' }));
		expect(invalid.status).toBe(400);
		expect(invalid.body).toEqual({ message: 'name is required', errors: [{ code: 'invalid_request', message: 'name is required', field: 'name' }] });
	});

	it('answers 400 to a body that is not JSON', async () => {
		const broken = await post('/v1/widgets', '{"name": ');
		expect(broken.status).toBe(400);
		expect(broken.body.message).toMatch(/JSON/);
	});

	it('answers 413 to a body over 20 MB and stores nothing', async () => {
		const huge = JSON.stringify({ name: 'x'.repeat(21 * 1024 * 1024) });
		const tooLarge = await post('/v1/widgets', huge);
		expect(tooLarge.status).toBe(413);
		expect(tooLarge.body.errors[0].code).toBe('payload_too_large');
		expect(await sandbox.control.records('widgets')).toHaveLength(7);
	});

	it('accepts a body just under 20 MB', async () => {
		const big = JSON.stringify({ name: 'y'.repeat(19 * 1024 * 1024) });
		expect((await post('/v1/widgets', big)).status).toBe(200);
	});

	it('answers 404 to unknown paths and 405 to wrong methods', async () => {
		expect((await call(sandbox, '/v1/unknown')).status).toBe(404);
		expect((await call(sandbox, '/v1/widgets/121', { method: 'POST', body: '{}' })).status).toBe(405);
		expect((await call(sandbox, '/v1/widgets', { method: 'DELETE' })).status).toBe(405);
	});
});

describe('control API', () => {
	it('sets a clock that runs on from the given instant, and reset brings real time back', async () => {
		const config = await sandbox.control.config({ clock: '2026-01-15T12:00:00.000Z', jobSeconds: 0.1, pageSize: 2 });
		expect(config).toMatchObject({ jobSeconds: 0.1, pageSize: 2, rateLimit: false });
		await pause(50);
		const later = Date.parse((await sandbox.control.config()).clock);
		expect(later).toBeGreaterThan(Date.parse('2026-01-15T12:00:00.000Z'));
		expect(later).toBeLessThan(Date.parse('2026-01-15T12:01:00.000Z'));

		const restored = await sandbox.control.reset();
		expect(restored).toMatchObject({ jobSeconds: 0.2, pageSize: 50 });
		expect(Math.abs(Date.parse(restored.clock) - Date.now())).toBeLessThan(60_000);
	});

	it('rejects invalid config values', async () => {
		const bad = await fetch(`${sandbox.url}/__sandbox/config`, { method: 'POST', body: JSON.stringify({ pageSize: 0 }) });
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { errors: Array<{ field: string }> }).errors[0].field).toBe('pageSize');
	});

	it('injects records upstream through the data module, and reset brings the seed back', async () => {
		const stored = await sandbox.control.inject('tenantEvent', { name: 'from upstream' });
		expect(stored).toMatchObject({ name: 'from upstream' });
		expect(await sandbox.control.records('widgets')).toHaveLength(8);
		const badKind = await fetch(`${sandbox.url}/__sandbox/inject`, { method: 'POST', body: JSON.stringify({ kind: 'owner', record: {} }) });
		expect(badKind.status).toBe(400);
		await sandbox.control.reset();
		expect(await sandbox.control.records('widgets')).toHaveLength(7);
	});

	it('returns the log since a sequence number and clears it', async () => {
		await call(sandbox, '/v1/widgets');
		await call(sandbox, '/v1/widgets?color=red&color=blue');
		const all = await sandbox.control.log();
		expect(all).toHaveLength(2);
		const since = await sandbox.control.log(all[0].seq);
		expect(since.map((entry) => entry.query)).toEqual([{ color: ['red', 'blue'] }]);
		await sandbox.control.clearLog();
		expect(await sandbox.control.log()).toEqual([]);
		await call(sandbox, '/v1/widgets');
		expect((await sandbox.control.log())[0].seq).toBeGreaterThan(all[1].seq);
	});

	it('serves signed files without a key and logs whether a key was sent anyway', async () => {
		const anonymous = await fetch(`${sandbox.url}/signed/file-1`);
		expect(anonymous.status).toBe(200);
		expect(anonymous.headers.get('content-type')).toBe('text/plain');
		const withKey = await fetch(`${sandbox.url}/signed/file-1`, { headers: { 'X-API-Key': sandbox.key } });
		expect(withKey.status).toBe(200);
		expect((await fetch(`${sandbox.url}/signed/missing`)).status).toBe(404);

		const log = await sandbox.control.log();
		expect(log.map((entry) => [entry.path, entry.status, entry.hasApiKey])).toEqual([
			['/signed/file-1', 200, false],
			['/signed/file-1', 200, true],
			['/signed/missing', 404, false],
		]);
		expect(JSON.stringify(log)).not.toContain(sandbox.key);
	});

	it('answers 404 to unknown control calls', async () => {
		expect((await fetch(`${sandbox.url}/__sandbox/nothing`, { method: 'POST' })).status).toBe(404);
	});
});
