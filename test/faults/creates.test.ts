import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { engineCall } from './engineCall';
import { credentialsOf, errorText } from './setup';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

const createVendor = (companyName: string) =>
	engineCall(credentialsOf(sandbox), { method: 'POST', path: '/v1/vendors', body: { companyName } });

async function vendorsNamed(companyName: string) {
	return (await sandbox.control.records<IDataObject>('vendors')).filter((vendor) => vendor.companyName === companyName);
}

const postsTo = async (path: string) => (await sandbox.control.log()).filter((entry) => entry.method === 'POST' && entry.path === path);

describe('faults on creates: never sent twice', () => {
	test('a 500 on a create: not re-sent, a clear error; the user’s one re-run makes exactly one record', async () => {
		const name = `Fault 500 Plumbing ${Date.now()}`;
		await sandbox.control.fault({ type: '500', count: 1, path: '/v1/vendors' });
		const failed = await createVendor(name);
		expect(failed.error?.message).toMatch(/HTTP 500/);
		expect(errorText(failed.error)).not.toContain(sandbox.key);
		expect(await postsTo('/v1/vendors')).toHaveLength(1);
		expect(await vendorsNamed(name)).toHaveLength(0);

		const rerun = await createVendor(name);
		expect(rerun.error).toBeUndefined();
		expect(await postsTo('/v1/vendors')).toHaveLength(2);
		expect(await vendorsNamed(name)).toHaveLength(1);
	});
});
