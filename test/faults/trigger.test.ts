import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { TriggerUnderTest } from '../trigger/harness';
import { duplicatesIn, emittedIds, injectGuestCards } from './setup';

const PATH = '/v1/guest-cards';

let sandbox: TestSandbox;

afterEach(async () => {
	await sandbox?.close();
});

describe('the trigger across restarts', () => {
	test('n8n restarted between polls (static data through a JSON round-trip): nothing lost, nothing emitted twice', async () => {
		sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
		const watcher = new TriggerUnderTest(sandbox, { event: 'guestCard' }, PATH);
		await watcher.poll({ activation: true });

		const before = await injectGuestCards(sandbox, 3);
		expect(emittedIds((await watcher.pollAfterUpstreamChange()).items).sort()).toEqual([...before].sort());

		watcher.restartN8n();
		const after = await injectGuestCards(sandbox, 2);
		const { items } = await watcher.pollAfterUpstreamChange();
		const ids = emittedIds(items);
		expect(duplicatesIn(ids)).toEqual([]);
		expect(ids.sort()).toEqual([...after].sort());
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	});
});
