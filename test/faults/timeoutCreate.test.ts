import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { engineCall } from './engineCall';
import { stopN8nTimers } from './n8nTimers';
import { credentialsOf, errorText } from './setup';

const BEYOND_DEFAULT_MODE_MS = 31_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
	stopN8nTimers();
});

test('a POST answered later than the processing mode allows: not re-sent; never a second record', async () => {
	const companyName = `Slow Create Electric ${Date.now()}`;
	const named = async () => (await sandbox.control.records<IDataObject>('vendors')).filter((vendor) => vendor.companyName === companyName);
	await sandbox.control.fault({ type: 'slow', count: 1, delayMs: BEYOND_DEFAULT_MODE_MS, path: '/v1/vendors' });

	const outcome = await engineCall(credentialsOf(sandbox), { method: 'POST', path: '/v1/vendors', body: { companyName } });
	// n8n-core reports the time-out as httpCode ECONNABORTED, which the engine does not read yet, so the
	// message says "could not reach" rather than "did not answer in time" (docs/faults.md, open points)
	expect(outcome.error?.message).toContain('/v1/vendors');
	expect(errorText(outcome.error)).not.toContain(sandbox.key);

	// Give the service time to finish the abandoned request, then count. The sandbox reads a create's
	// body only after the slow delay, when the client has gone, so it creates nothing here; a real
	// service may well create it. Either way there is never a second one (docs/faults.md, open points).
	await sleep(2_000);
	expect((await named()).length).toBeLessThanOrEqual(1);
	const posts = (await sandbox.control.log()).filter((entry) => entry.method === 'POST' && entry.path === '/v1/vendors');
	expect(posts).toHaveLength(1);
}, 90_000);
