/** Options → Max Age below the service's documented minimum (60 s) is refused before any request. */
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { TriggerUnderTest } from './harness';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1 });
});

afterAll(async () => {
	await sandbox?.close();
});

describe('Property Management Trigger: Max Age', () => {
	test('30 seconds is refused, naming the option, and nothing is sent (activation and Fetch Test Event)', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { maxAge: 30 } }, '/v1/tenant-events');
		const message = 'Options → Max Age (Seconds) must be a number of at least 60; it is 30';
		await expect(trigger.poll({ activation: true })).rejects.toThrow(message);
		await expect(trigger.fetchTestEvent()).rejects.toThrow(message);
		expect((await sandbox.control.log()).filter((entry) => entry.path.startsWith('/v1/'))).toEqual([]);
	});

	test('60 seconds is accepted', async () => {
		const trigger = new TriggerUnderTest(sandbox, { event: 'tenantEvent', options: { maxAge: 60 } }, '/v1/tenant-events');
		expect((await trigger.poll({ activation: true })).items).toBeNull();
	});
});
