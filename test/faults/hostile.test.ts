/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The engine against points of the sandbox's hostile profile that need a set-up of their own (the
 * node's suites run against the whole profile in jest's `hostile` project; sandbox/README.md).
 */
import type { IDataObject } from 'n8n-workflow';
import { asServed, startTestSandbox, type TestSandbox } from '../support/sandbox';
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

it('Get Many of tenant events (rows without an identity) over drifting pages: the rows a page brings again are output once', async () => {
	const path = '/v1/tenant-events';
	const qs = { dateRange: 'last_quarter' };
	const read = await engineCall(credentialsOf(sandbox), { method: 'GET', path, qs, returnAll: true }, {}, fast);
	expect(read.error).toBeUndefined();
	// the same pages read raw: some start with the previous page's last row(s) again
	const raw: IDataObject[][] = [];
	let url: string | null | undefined = `${sandbox.url}${path}?${new URLSearchParams(qs).toString()}`;
	while (url) {
		const body = (await (await fetch(url, { headers: { 'X-API-Key': sandbox.key } })).json()) as { data: IDataObject[]; links: { next?: string | null } };
		raw.push(body.data);
		url = body.links.next && (body.links.next.startsWith('http') ? body.links.next : `${sandbox.url}${body.links.next}`);
	}
	const served = raw.flat();
	const repeatedAtBoundary = raw.slice(1).filter((page, index) => page.length > 0 && JSON.stringify(raw.slice(0, index + 1).flat().slice(-2)).includes(JSON.stringify(page[0])));
	expect(repeatedAtBoundary.length).toBeGreaterThan(0);
	expect(read.items.length).toBeLessThan(served.length);
	// what the service lists, each row once: the spec profile's rows of the same seed, as the hostile profile serves them
	const reference = await startTestSandbox({ profile: 'spec', pageSize: 50, jobSeconds: 0.1, rateLimit: false });
	try {
		const listed = await engineCall(credentialsOf(reference), { method: 'GET', path, qs, returnAll: true }, {}, fast);
		expect(read.items).toEqual(listed.items.map((row) => asServed(sandbox, path, row)));
	} finally {
		await reference.close();
	}
});
