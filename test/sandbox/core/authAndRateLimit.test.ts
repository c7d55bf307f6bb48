import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

let sandbox: TestSandbox;
const otherKey = 'second-test-key';

beforeAll(async () => {
	sandbox = await startTestSandbox({ endpoints: fakeEndpoints, dataModule: fakeDataModule, jobSeconds: 0.2, keys: ['first-test-key', otherKey] });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

describe('X-API-Key', () => {
	it('answers 401 without echoing the key when it is missing or unknown', async () => {
		const missing = await call(sandbox, '/v1/widgets', { headers: { 'X-API-Key': '' } });
		expect(missing.status).toBe(401);
		expect(missing.body.message).toBe('Invalid or missing API key');
		const wrong = await call(sandbox, '/v1/widgets', { headers: { 'X-API-Key': 'guessed-key-123' } });
		expect(wrong.status).toBe(401);
		expect(wrong.text).not.toContain('guessed-key-123');

		const log = await sandbox.control.log();
		expect(log.map((entry) => [entry.status, entry.key])).toEqual([[401, null], [401, null]]);
		expect(log[1].hasApiKey).toBe(true);
	});

	it('labels keys in the log and never writes a key value there', async () => {
		await call(sandbox, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '30', 'X-API-PROCESSING-MODE': 'longer' } });
		await call(sandbox, '/v1/widgets', { headers: { 'X-API-Key': otherKey } });
		const log = await sandbox.control.log();
		expect(log.map((entry) => entry.key)).toEqual(['key#1', 'key#2']);
		expect(log[0]).toMatchObject({ maxAge: 30, processingMode: 'longer', hasApiKey: true, method: 'GET', path: '/v1/widgets' });
		const logText = JSON.stringify(log);
		for (const key of sandbox.keys) expect(logText).not.toContain(key);
	});
});

describe('rate limit', () => {
	it('rejects a second request within a second with 429 and Retry-After, per key', async () => {
		const accepted = await call(sandbox, '/v1/widgets');
		const rejected = await call(sandbox, '/v1/widgets');
		const otherKeyAnswer = await call(sandbox, '/v1/widgets', { headers: { 'X-API-Key': otherKey } });

		expect(accepted.status).toBe(200);
		expect(rejected.status).toBe(429);
		expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect(Number.isInteger(Number(rejected.headers.get('retry-after')))).toBe(true);
		expect(rejected.body).toMatchObject({ message: expect.any(String), errors: [{ code: 'rate_limited' }] });
		expect(otherKeyAnswer.status).toBe(200);
	});

	it('measures from the previous accepted request: rejected ones do not count', async () => {
		// The scenario needs the second request inside the first one's second and the third outside it
		// but inside the second's. A loaded machine can stretch a pause past that (CI once saw the 600 ms
		// pause end after the second was over), so an attempt whose logged gaps miss the scenario by
		// the margin is run again; every attempt's statuses must still follow the rule.
		const margin = 100;
		let scenarioMet = false;
		for (let attempt = 0; attempt < 5 && !scenarioMet; attempt++) {
			await sandbox.control.reset();
			const statuses = [(await call(sandbox, '/v1/widgets')).status];
			await pause(600);
			statuses.push((await call(sandbox, '/v1/widgets')).status);
			await pause(500);
			statuses.push((await call(sandbox, '/v1/widgets')).status);

			const [first, second, third] = await sandbox.control.log();
			const secondGap = second.time - first.time;
			const thirdGapFromFirst = third.time - first.time;
			const thirdGapFromSecond = third.time - second.time;
			expect(statuses[0]).toBe(200);
			if (secondGap > 1000 - margin) continue;
			expect(statuses[1]).toBe(429);
			if (thirdGapFromFirst < 1000 + margin || thirdGapFromSecond > 1000 - margin) continue;
			expect(statuses[2]).toBe(200);
			scenarioMet = true;
		}
		expect(scenarioMet).toBe(true);
	});

	it('can be switched off through the control API and is back after a reset', async () => {
		await sandbox.control.config({ rateLimit: false });
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await call(sandbox, '/v1/widgets')).status);
		expect(statuses).toEqual([200, 200, 200, 200]);
		await sandbox.control.reset();
		await call(sandbox, '/v1/widgets');
		expect((await call(sandbox, '/v1/widgets')).status).toBe(429);
	});

	it('does not limit the control API or signed file URLs', async () => {
		for (let i = 0; i < 3; i++) await sandbox.control.config();
		const downloads = await Promise.all([1, 2, 3].map(() => fetch(`${sandbox.url}/signed/file-1`)));
		expect(downloads.map((download) => download.status)).toEqual([200, 200, 200]);
		expect(await downloads[0].text()).toBe('hello file');
		expect((await call(sandbox, '/v1/widgets')).status).toBe(200);
	});
});
