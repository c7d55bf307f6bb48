import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, readWhenOk } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ endpoints: fakeEndpoints, dataModule: fakeDataModule, jobSeconds: 0.2, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const faultsInLog = async () => (await sandbox.control.log()).map((entry) => [entry.status, entry.fault]);

describe('faults armed through the control API', () => {
	it('500 fails exactly the next `count` matching requests', async () => {
		await sandbox.control.fault({ type: '500', count: 2 });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await call(sandbox, '/v1/widgets')).status);
		expect(statuses).toEqual([500, 500, 200]);
		expect(await faultsInLog()).toEqual([[500, '500'], [500, '500'], [200, null]]);
	});

	it('429 carries the requested Retry-After and does not count toward the real limit', async () => {
		await sandbox.control.config({ rateLimit: true });
		await sandbox.control.fault({ type: '429', retryAfter: 3 });
		const injected = await call(sandbox, '/v1/widgets');
		expect(injected.status).toBe(429);
		expect(injected.headers.get('retry-after')).toBe('3');
		expect((await call(sandbox, '/v1/widgets')).status).toBe(200);
	});

	it('matches faults by path prefix only', async () => {
		await sandbox.control.fault({ type: '500', path: '/v1/widgets/' });
		expect((await call(sandbox, '/v1/widgets')).status).toBe(200);
		expect((await call(sandbox, '/v1/widgets/121')).status).toBe(500);
	});

	it('slow delays the answer, which then comes normally (a slow create still creates)', async () => {
		await sandbox.control.fault({ type: 'slow', delayMs: 300, path: '/v1/widgets' });
		const created = await call(sandbox, '/v1/widgets', { method: 'POST', body: JSON.stringify({ name: 'patient' }) });
		expect(created.status).toBe(200);
		expect(await sandbox.control.records('widgets', created.body.data[0].upstreamId)).toHaveLength(1);
		const [entry] = await sandbox.control.log();
		expect(entry.fault).toBe('slow');
		expect(entry.durationMs).toBeGreaterThanOrEqual(300);
	});

	it('malformed answers 200 with a body that is not JSON', async () => {
		await sandbox.control.fault({ type: 'malformed' });
		const answer = await call(sandbox, '/v1/widgets');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toContain('application/json');
		expect(() => JSON.parse(answer.text)).toThrow();
	});

	it('drop closes the connection without an answer', async () => {
		await sandbox.control.fault({ type: 'drop' });
		await expect(call(sandbox, '/v1/widgets')).rejects.toThrow();
		expect((await call(sandbox, '/v1/widgets')).status).toBe(200);
		expect(await faultsInLog()).toEqual([[0, 'drop'], [200, null]]);
	});

	it('rejects unknown fault types and lists and clears pending ones', async () => {
		const bad = await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ type: 'fire' }) });
		expect(bad.status).toBe(400);
		await sandbox.control.fault({ type: '500', count: 5, path: '/v1/widgets' });
		const pending = (await (await fetch(`${sandbox.url}/__sandbox/faults`)).json()) as { data: unknown };
		expect(pending.data).toEqual([{ type: '500', count: 5, path: '/v1/widgets', remaining: 5 }]);
		await sandbox.control.clearFaults();
		await readWhenOk(sandbox, '/v1/widgets');
	});
});
