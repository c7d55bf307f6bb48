/**
 * The hostile profile (sandbox/README.md, "Hostile profile"): every point the spec leaves open played
 * the hard way, seeded. Each test fails if the sandbox turns lenient on its point again.
 */
import { createDb } from '../../../sandbox/db';
import { DEFAULTS } from '../../../sandbox/server/options';
import { cursorFollowsList } from '../../../sandbox/hostile/pages';
import { DEFAULT_MODE_TIMEOUT_SECONDS, HostileTimeouts, listShapeTimesOut, queryShape } from '../../../sandbox/hostile/timeouts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause, readWhenOk, type ApiAnswer } from '../core/client';

let sandbox: TestSandbox;
type Row = Record<string, unknown>;

beforeAll(async () => {
	sandbox = await startTestSandbox({ profile: 'hostile', jobSeconds: 0.1, pageSize: 10, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

/** a link as the client gets it, absolute or relative, as a path on the sandbox */
const local = (link: string) => (link.startsWith(sandbox.url) ? link.slice(sandbox.url.length) : link);

/**
 * Reads that are not about time-outs ask for the longer processing mode: a list's first refresh in the
 * default mode may time out after 24 s ((f)), longer than readWhenOk polls
 */
const LONGER = { 'X-API-PROCESSING-MODE': 'longer' };

async function allPages(path: string, headers: Record<string, string> = LONGER): Promise<ApiAnswer[]> {
	const pages = [await readWhenOk(sandbox, path, headers)];
	for (let next = pages[0].body.links?.next; next; next = pages[pages.length - 1].body.links?.next) {
		pages.push(await call(sandbox, local(next), { headers }));
	}
	return pages;
}

/** the record of an asynchronous create: its job polled on the same path (no data before the job ends) */
async function writeJobRecord(path: string, accepted: ApiAnswer): Promise<unknown> {
	expect(accepted.body).toMatchObject({ meta: { jobId: expect.any(String), count: 0 }, errors: [] });
	expect(accepted.body.data).toBeUndefined();
	for (let attempt = 0; attempt < 100; attempt++) {
		const poll = await call(sandbox, `${path}?jobId=${String(accepted.body.meta.jobId)}`);
		if (poll.body.meta.status === 'ok') return poll.body.data[0];
		expect([poll.body.meta.status, poll.body.data]).toEqual(['updating', undefined]);
		await pause(50);
	}
	throw new Error('the write job never ended');
}

const rowsOf = async (path: string): Promise<Row[]> => (await allPages(path)).flatMap((page) => page.body.data as Row[]);
const nonIdFields = (row: Row) => Object.keys(row).filter((field) => field !== 'upstreamId');

describe('(a) nulls: "any field may be null"', () => {
	it('a seeded share of records has every field but its id null, others nested objects, arrays and inner fields', async () => {
		const vendors = await rowsOf('/v1/vendors');
		const tenants = await rowsOf('/v1/tenants?status=all');
		const rows = [...vendors, ...tenants];
		expect(rows.every((row) => row.upstreamId !== null)).toBe(true);
		expect(rows.filter((row) => nonIdFields(row).every((field) => row[field] === null)).length).toBeGreaterThan(0);
		expect(vendors.some((row) => row.address === null)).toBe(true);
		expect(vendors.some((row) => row.phoneNumbers === null)).toBe(true);
		expect(vendors.some((row) => row.address !== null && Object.values(row.address as Row).some((value) => value === null) && (row.address as Row).city === null)).toBe(true);
		expect(tenants.some((row) => row.property === null || row.unit === null || row.lateFee === null)).toBe(true);
		expect(await rowsOf('/v1/vendors')).toEqual(vendors);
	});

	it('bill details: vendorId null (payee not a vendor), approvalStatus beyond the two listed, lineItems null', async () => {
		const bills = await rowsOf('/v1/bills');
		const details: Row[] = [];
		for (const bill of bills.slice(0, 40)) details.push((await readWhenOk(sandbox, `/v1/bills/${String(bill.upstreamId)}`)).body.data[0]);
		expect(details.some((detail) => detail.vendorId === null && detail.payeeName !== undefined)).toBe(true);
		expect(details.some((detail) => typeof detail.approvalStatus === 'string' && !['Approved', 'Pending Approval'].includes(detail.approvalStatus))).toBe(true);
		expect(details.some((detail) => detail.lineItems === null)).toBe(true);
	});
});

describe('(b) envelope', () => {
	it('data: [] while no snapshot exists; links.next null on some last pages; meta.query left off some answers', async () => {
		const first = await call(sandbox, '/v1/vendors');
		expect(first.body).toMatchObject({ meta: { status: 'stale', lastUpdated: null }, data: [] });
		const lastPages: ApiAnswer[] = [];
		const answers: ApiAnswer[] = [];
		for (const path of ['/v1/vendors', '/v1/properties', '/v1/tenants', '/v1/units', '/v1/owners', '/v1/gl-accounts']) {
			const pages = await allPages(path);
			answers.push(...pages);
			lastPages.push(pages[pages.length - 1]);
		}
		expect(lastPages.some((page) => page.body.links.next === null)).toBe(true);
		expect(lastPages.some((page) => !('next' in page.body.links))).toBe(true);
		expect(answers.some((page) => !('query' in page.body.meta))).toBe(true);
		expect(answers.some((page) => 'query' in page.body.meta)).toBe(true);
	});

	it('a create answers 201 or 200, at once or through a write job; its answer may carry nulls, the stored record never', async () => {
		const statuses = new Set<number>();
		const answers: Row[] = [];
		const jobStatuses = new Set<string>();
		let synchronous = 0;
		for (let index = 0; index < 12; index++) {
			const answer = await call(sandbox, '/v1/property-groups', { method: 'POST', body: JSON.stringify({ name: `Group ${index}` }) });
			if (answer.body.meta.jobId) jobStatuses.add(answer.body.meta.status);
			else synchronous++;
			const created = (answer.body.meta.jobId ? await writeJobRecord('/v1/property-groups', answer) : answer.body.data[0]) as Row;
			expect(created.upstreamId).not.toBeNull();
			expect([`Group ${index}`, null]).toContain(created.name);
			answers.push(created);
			statuses.add(answer.status);
		}
		expect([...statuses].sort()).toEqual([200, 201]);
		expect(synchronous).toBeGreaterThan(0);
		expect([...jobStatuses].sort()).toEqual(['ok', 'updating']);
		expect(answers.some((created) => Object.values(created).includes(null))).toBe(true);
		const stored = await sandbox.control.records<Row>('propertyGroups');
		for (const [index, created] of answers.entries()) {
			expect(stored.find((group) => String(group.upstreamId) === String(created.upstreamId))).toMatchObject({ name: `Group ${index}` });
		}
	});
});

describe('(c) pages', () => {
	it('two page sizes, short and empty pages that link on, absolute and relative links', async () => {
		const sizes = new Set<number>();
		const links: string[] = [];
		let shortOrEmptyWithNext = 0;
		let emptyWithNext = 0;
		for (const path of ['/v1/vendors', '/v1/properties', '/v1/tenants?status=all', '/v1/units']) {
			const pages = await allPages(path);
			sizes.add(pages[0].body.data.length);
			for (const page of pages) {
				if (page.body.links.next) links.push(page.body.links.next);
				if (page.body.links.next && page.body.data.length < pages[0].body.data.length) shortOrEmptyWithNext++;
				if (page.body.links.next && page.body.data.length === 0) emptyWithNext++;
			}
		}
		expect(sizes.size).toBeGreaterThan(1);
		expect(shortOrEmptyWithNext).toBeGreaterThan(0);
		expect(emptyWithNext).toBeGreaterThan(0);
		expect(links.some((link) => link.startsWith(sandbox.url))).toBe(true);
		expect(links.some((link) => link.startsWith('/v1/'))).toBe(true);
	});

	it('an old cursor answers 410, one the service cannot read 400', async () => {
		// the vendors list is one of the half whose superseded cursors are refused (not followed, (g))
		expect(cursorFollowsList(DEFAULTS.seed, '/v1/vendors', {})).toBe(false);
		const first = await readWhenOk(sandbox, '/v1/vendors', LONGER);
		const next = local(first.body.links.next);
		expect((await call(sandbox, next)).status).toBe(200);
		await sandbox.control.expire('/v1/vendors');
		await call(sandbox, '/v1/vendors');
		await pause(300);
		await readWhenOk(sandbox, '/v1/vendors', LONGER);
		const old = await call(sandbox, next);
		expect(old.status).toBe(410);
		expect(old.body.message).toMatch(/first page/);
		const garbage = await call(sandbox, '/v1/vendors?page[after]=not-a-cursor');
		expect([garbage.status, garbage.body.errors[0].field]).toEqual([400, 'page[after]']);
	});

	it('a cursor handed out before a service restart answers 400: the restarted service cannot read it', async () => {
		const first = await readWhenOk(sandbox, '/v1/vendors', LONGER);
		const next = local(first.body.links.next);
		expect((await call(sandbox, next)).status).toBe(200);
		await sandbox.control.restart();
		const old = await call(sandbox, next);
		expect([old.status, old.body.errors[0].field, old.body.errors[0].code]).toEqual([400, 'page[after]', 'invalid_cursor']);
	});
});

describe('(d) 429s', () => {
	it('some come without Retry-After, and a rejected request counts against the key', async () => {
		await sandbox.control.config({ rateLimit: true });
		const answers: ApiAnswer[] = [];
		for (let index = 0; index < 8; index++) answers.push(await call(sandbox, '/v1/me'));
		const rejected = answers.filter((answer) => answer.status === 429);
		expect(rejected.length).toBe(7);
		expect(rejected.some((answer) => answer.headers.get('retry-after') === null)).toBe(true);
		expect(rejected.some((answer) => answer.headers.get('retry-after') !== null)).toBe(true);

		await pause(1100);
		expect((await call(sandbox, '/v1/me')).status).toBe(200);
		await pause(600);
		expect((await call(sandbox, '/v1/me')).status).toBe(429);
		await pause(600);
		// 1200 ms after the accepted request, but only 600 ms after the rejected one
		expect((await call(sandbox, '/v1/me')).status).toBe(429);
	});
});

describe('(e) unknown parameters', () => {
	it('an unknown query parameter is a 400 that names it', async () => {
		const answer = await call(sandbox, '/v1/tenants?status=all&colour=red&size=2');
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe('Unknown query parameters: colour, size');
		expect((await call(sandbox, '/v1/tenants?status=all')).status).toBe(200);
	});

	it('an unknown create field, nested ones too, is a 400 that names it, and nothing is stored', async () => {
		const before = (await sandbox.control.records('propertyGroups')).length;
		const answer = await call(sandbox, '/v1/property-groups', { method: 'POST', body: JSON.stringify({ name: 'X', colour: 'red' }) });
		expect([answer.status, answer.body.errors[0].field]).toEqual([400, 'colour']);
		expect((await sandbox.control.records('propertyGroups')).length).toBe(before);
		const db = createDb(DEFAULTS.seed, new Date());
		const vendor = db.vendors.find((v) => !v.invisible)!.row.upstreamId;
		const property = db.properties.find((p) => !p.invisible)!.row.upstreamId;
		const glAccount = db.glAccounts.find((a) => a.number === '6110')!.upstreamId;
		const order = { vendorId: vendor, lineItems: [{ glAccountId: glAccount, propertyId: property, itemAmount: '10.00', colour: 'red' }] };
		const nested = await call(sandbox, '/v1/purchase-orders', { method: 'POST', body: JSON.stringify(order) });
		expect([nested.status, nested.body.message]).toEqual([400, 'Unknown field: lineItems[0].colour']);
	});
});

/** a query shape of a dated list whose first refresh in the default mode times out, and that no other test reads */
function timingOutListQuery(): string {
	expect(listShapeTimesOut(DEFAULTS.seed, queryShape('/v1/bills', ['status']))).toBe(true);
	return '/v1/bills?status=Unpaid';
}

describe('(f) refreshes in the default processing mode', () => {
	it("time out after the mode's 24 s, every report and the first refresh of a seeded share of the query shapes of dated lists: stale with statusDetails; in the longer mode, or the next time, they complete", async () => {
		const list = timingOutListQuery();
		const started = Date.now();
		expect((await call(sandbox, '/v1/cash-flow')).body.meta.jobId).toEqual(expect.any(String));
		expect((await call(sandbox, list)).body.meta.jobId).toEqual(expect.any(String));
		await pause(2000);
		// far past --job-seconds (0.1 s): still running
		expect((await call(sandbox, '/v1/cash-flow')).body.meta.status).toBe('updating');
		expect((await call(sandbox, list)).body.meta.status).toBe('updating');
		await pause(DEFAULT_MODE_TIMEOUT_SECONDS * 1000 + 300 - (Date.now() - started));
		for (const path of ['/v1/cash-flow', list]) {
			const timedOut = await call(sandbox, path);
			expect(timedOut.body.meta).toMatchObject({ status: 'stale', lastUpdated: null, statusDetails: { code: 504 } });
			expect(timedOut.body.meta.jobId).toBeUndefined();
			expect(timedOut.body.meta.statusDetails.message).toMatch(/24 seconds.*X-API-PROCESSING-MODE: longer/);
		}
		const longer = await readWhenOk(sandbox, '/v1/cash-flow', { 'X-API-PROCESSING-MODE': 'longer' });
		expect(longer.body.data.length).toBeGreaterThan(0);
		// the list's second refresh, in the default mode, completes; so does another query of the same shape
		expect((await readWhenOk(sandbox, list)).body.data.length).toBeGreaterThan(0);
		expect((await readWhenOk(sandbox, '/v1/bills?status=Paid')).body.meta.status).toBe('ok');
		// master data never times out, though the vendors' shape draws a time-out
		expect(listShapeTimesOut(DEFAULTS.seed, queryShape('/v1/vendors', []))).toBe(true);
		expect(new HostileTimeouts(DEFAULTS.seed).refreshTimeout({ path: '/v1/vendors', parameterNames: [], processingMode: undefined, single: false })).toBeUndefined();
		expect((await call(sandbox, '/v1/vendors')).body.meta.statusDetails).toBeUndefined();
	}, 60_000);
});

describe('(g) drifting cursors', () => {
	it('some later pages start before their cursor: the previous page\'s last rows come again, and the read still ends', async () => {
		let repeats = 0;
		for (const path of ['/v1/vendors', '/v1/tenants?status=all', '/v1/units', '/v1/properties']) {
			const pages = await allPages(path);
			for (const [index, page] of pages.entries()) {
				const previous = pages.slice(0, index).flatMap((earlier) => earlier.body.data as Row[]);
				const first = (page.body.data as Row[])[0];
				if (index > 0 && first && previous.slice(-2).some((row) => row.upstreamId === first.upstreamId)) repeats++;
			}
		}
		expect(repeats).toBeGreaterThan(0);
	});

	it('a cursor whose snapshot a refresh replaced reads on in the new one on some lists: a record added ahead shifts rows across the boundary', async () => {
		const queries = ['dateRange=all_time', 'dateRange=all_time&eventType=all', 'dateRange=all_time&eventType=Move-in&eventType=Move-out&eventType=Notice'];
		const query = queries.find((candidate) => cursorFollowsList(DEFAULTS.seed, '/v1/tenant-events', Object.fromEntries(new URLSearchParams(candidate))));
		if (!query) throw new Error('no tenant-events query that follows the list');
		const path = `/v1/tenant-events?${query}`;
		const first = await readWhenOk(sandbox, path, LONGER);
		const next = local(first.body.links.next);
		await sandbox.control.inject('tenantEvent', { event: 'Notice', occurredDate: '01/02/1990' });
		await sandbox.control.expire('/v1/tenant-events');
		await call(sandbox, path, { headers: LONGER });
		await pause(300);
		const refreshed = await readWhenOk(sandbox, path, LONGER);
		const followed = await call(sandbox, next);
		expect([followed.status, followed.body.meta.status, followed.body.meta.lastUpdated]).toEqual([200, 'ok', refreshed.body.meta.lastUpdated]);
		// the added event sorts first: this read never sees it, and a row of page 1 comes again
		// (the last one, or one of the two before it when the page drifts as well)
		expect((first.body.data as Row[]).slice(-3)).toContainEqual(followed.body.data[0]);
	});
});
