/**
 * The engine against points of the sandbox's hostile profile that need a set-up of their own (the
 * node's suites run against the whole profile in jest's `hostile` project; sandbox/README.md).
 */
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { engineCall, idsOf } from '../support/engineCall';
import { credentialsOf } from './setup';
import { cursorFollowsList } from '../../sandbox/hostile/pages';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ profile: 'hostile', pageSize: 3, jobSeconds: 0.1, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const fast = { spacingMs: 300, pollIntervalMs: 200 };
const cursorRequests = async () => (await sandbox.control.log()).filter((entry) => 'page[after]' in entry.query);

/** Pages through `path` once, and has a refresh replace its snapshot after the second cursor page. */
async function readWhileReplaced(path: string) {
	const list = { method: 'GET' as const, path, returnAll: true };
	const warmed = await engineCall(credentialsOf(sandbox), list, {}, fast);
	expect(warmed.error).toBeUndefined();
	await sandbox.control.clearLog();
	const reading = engineCall(credentialsOf(sandbox), list, {}, fast);
	while ((await cursorRequests()).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
	await sandbox.control.expire(path);
	await fetch(`${sandbox.url}${path}`, { headers: { 'X-API-Key': sandbox.key } });
	return { warmed, read: await reading };
}

it('an old cursor answering 410 Gone: the read starts again from the first page and ends with every record', async () => {
	// the vendors list is one of the half whose superseded cursors are refused (sandbox/hostile/pages.ts)
	expect(cursorFollowsList(sandbox.handle.state.seed, '/v1/vendors', {})).toBe(false);
	const { warmed, read } = await readWhileReplaced('/v1/vendors');
	expect(read.error).toBeUndefined();
	expect((await sandbox.control.log()).map((entry) => entry.status)).toContain(410);
	expect(idsOf(read.items)).toEqual(idsOf(warmed.items));
});

it('an old cursor read on in the new snapshot (a drifting cursor, another lastUpdated): the read starts again and ends with every record once', async () => {
	expect(cursorFollowsList(sandbox.handle.state.seed, '/v1/properties', {})).toBe(true);
	const { warmed, read } = await readWhileReplaced('/v1/properties');
	expect(read.error).toBeUndefined();
	expect((await sandbox.control.log()).map((entry) => entry.status)).not.toContain(410);
	expect(idsOf(read.items)).toEqual(idsOf(warmed.items));
});

it('a cursor refused with 400 after a service restart (it no longer reads its own cursors): the read starts again and ends with every record', async () => {
	const list = { method: 'GET' as const, path: '/v1/properties', returnAll: true };
	const warmed = await engineCall(credentialsOf(sandbox), list, {}, fast);
	expect(warmed.error).toBeUndefined();
	await sandbox.control.clearLog();
	const reading = engineCall(credentialsOf(sandbox), list, {}, fast);
	while ((await cursorRequests()).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
	await sandbox.control.restart();
	const read = await reading;
	expect(read.error).toBeUndefined();
	const log = await sandbox.control.log();
	expect(log.filter((entry) => entry.status === 400).map((entry) => 'page[after]' in entry.query)).toEqual([true]);
	expect(idsOf(read.items)).toEqual(idsOf(warmed.items));
});

it('a report whose refresh timed out in the default processing mode: the next refresh is asked in the longer mode', async () => {
	const read = await engineCall(credentialsOf(sandbox), { method: 'GET', path: '/v1/cash-flow', qs: { dateRange: 'last_year' }, returnAll: true }, {}, fast);
	expect(read.error).toBeUndefined();
	expect(read.items.length).toBeGreaterThan(0);
	const log = await sandbox.control.log();
	expect(log.map((entry) => entry.processingMode)).toContain('longer');
	expect(log[0].processingMode).toBeNull();
});
