import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineCall, idsOf } from '../support/engineCall';
import { credentialsOf, duplicatesIn, guestCardIds, LIST, warmList } from './setup';

/** Processing mode "default" times out at 24 s on the service's side; the engine allows 30 s for the answer. */
const BEYOND_DEFAULT_MODE_MS = 31_000;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 1, pageSize: 80, rateLimit: false });
	await warmList(sandbox);
});

afterAll(async () => {
	await sandbox?.close();
});

test('a GET answered later than the processing mode allows: abandoned, asked again, nothing lost or doubled', async () => {
	await sandbox.control.fault({ type: 'slow', count: 1, delayMs: BEYOND_DEFAULT_MODE_MS, path: '/v1/guest-cards' });
	const outcome = await engineCall(credentialsOf(sandbox), LIST);
	expect(outcome.error).toBeUndefined();
	const ids = idsOf(outcome.items);
	expect(duplicatesIn(ids)).toEqual([]);
	expect([...ids].sort()).toEqual(await guestCardIds(sandbox));
	const firstPages = (await sandbox.control.log()).filter((entry) => !('page[after]' in entry.query));
	expect(firstPages.map((entry) => entry.fault)).toEqual(['slow', null]);
}, 90_000);
