import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineCall } from '../support/engineCall';
import { credentialsOf, errorText } from './setup';

const BEYOND_DEFAULT_MODE_MS = 31_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

test('a POST answered later than the processing mode allows: not re-sent; exactly the one record the service made', async () => {
	const companyName = `Slow Create Electric ${Date.now()}`;
	const named = async () => (await sandbox.control.records<IDataObject>('vendors')).filter((vendor) => vendor.companyName === companyName);
	await sandbox.control.fault({ type: 'slow', count: 1, delayMs: BEYOND_DEFAULT_MODE_MS, path: '/v1/vendors' });

	const outcome = await engineCall(credentialsOf(sandbox), { method: 'POST', path: '/v1/vendors', body: { companyName } });
	expect(outcome.error?.message).toBe('The service did not answer /v1/vendors in time');
	expect(errorText(outcome.error)).toContain('may have created the record');
	expect(errorText(outcome.error)).not.toContain(sandbox.key);

	// the sandbox stored the vendor at once and only held its answer back past the client's time-out
	expect(await named()).toHaveLength(1);
	const posts = (await sandbox.control.log()).filter((entry) => entry.method === 'POST' && entry.path === '/v1/vendors');
	expect(posts).toHaveLength(1);
}, 90_000);
