import type { IDataObject } from 'n8n-workflow';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { TriggerUnderTest } from '../trigger/harness';
import { idsOf } from './engineCall';
import { duplicatesIn } from './setup';

const PATH = '/v1/guest-cards';

let sandbox: TestSandbox;

afterEach(async () => {
	await sandbox?.close();
});


async function injectCards(count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let index = 0; index < count; index++) ids.push(...idsOf([await sandbox.control.inject<IDataObject>('guestCard', {})]));
	return ids;
}

const emittedIds = (items: { json: IDataObject }[] | null) => idsOf((items ?? []).map((item) => item.json));

describe('the trigger across restarts', () => {
	test('n8n restarted between polls (static data through a JSON round-trip): nothing lost, nothing emitted twice', async () => {
		sandbox = await startTestSandbox({ jobSeconds: 1, rateLimit: false });
		const watcher = new TriggerUnderTest(sandbox, { event: 'guestCard' }, PATH);
		await watcher.poll({ activation: true });

		const before = await injectCards(3);
		expect(emittedIds((await watcher.pollAfterUpstreamChange()).items).sort()).toEqual([...before].sort());

		watcher.restartN8n();
		const after = await injectCards(2);
		const { items } = await watcher.pollAfterUpstreamChange();
		const ids = emittedIds(items);
		expect(duplicatesIn(ids)).toEqual([]);
		expect(ids.sort()).toEqual([...after].sort());
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	});
});
