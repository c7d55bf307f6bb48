/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { TriggerUnderTest } from '../trigger/harness';
import { duplicatesIn, emittedIds, injectGuestCards } from './setup';

const PATH = '/v1/guest-cards';

let sandbox: TestSandbox;

afterEach(async () => {
	await sandbox?.close();
});

describe('the trigger across restarts', () => {
	test('the service restarts while a poll is paging: the poll starts over; every new record once', async () => {
		// rate limit on: pages come a second apart, so the restart lands between two of them; pages of
		// two cards so that the poll's window (recent cards only) spans several
		sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: 2, rateLimit: true });
		const watcher = new TriggerUnderTest(sandbox, { event: 'guestCard' }, PATH);
		await watcher.poll({ activation: true });
		const injected = await injectGuestCards(sandbox, 3);

		await sandbox.control.clearLog();
		let settled = false;
		const polling = watcher.pollAfterUpstreamChange().finally(() => (settled = true));
		while (!settled) {
			const log = await sandbox.control.log();
			if (log.some((entry) => entry.path === PATH && 'page[after]' in entry.query && entry.status === 200)) break;
			await sleep(50);
		}
		expect(settled).toBe(false);
		await sandbox.control.restart();
		const { items } = await polling;

		const ids = emittedIds(items);
		expect(duplicatesIn(ids)).toEqual([]);
		expect(ids.sort()).toEqual([...injected].sort());
		// the pass really was cut: a first page was asked again after the restart
		const firstPages = (await sandbox.control.log()).filter((entry) => entry.path === PATH && !('page[after]' in entry.query) && entry.status === 200);
		expect(firstPages.length).toBeGreaterThanOrEqual(2);
		expect((await watcher.pollAfterUpstreamChange()).items).toBeNull();
	}, 180_000);
});
