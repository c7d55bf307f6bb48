import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, readWhenOk } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ endpoints: fakeEndpoints, dataModule: fakeDataModule, jobSeconds: 0.2, pageSize: 3, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const namesOf = (answer: { body: { data: Array<{ name: string }> } }) => answer.body.data.map((widget) => widget.name);

describe('pages', () => {
	it('walks three pages through relative next links that keep the original query', async () => {
		const first = await readWhenOk(sandbox, '/v1/widgets?color=red&color=blue');
		expect(first.body.meta).toMatchObject({ page: 1, count: 3 });
		expect(first.body.links).not.toHaveProperty('prev');
		expect(first.body.links.next).toMatch(/^\/v1\/widgets\?color=red&color=blue&page\[after\]=[A-Za-z0-9_-]+$/);

		const second = await call(sandbox, first.body.links.next);
		expect(second.body.meta).toMatchObject({ status: 'ok', page: 2, count: 3, query: { color: ['red', 'blue'] } });
		const third = await call(sandbox, second.body.links.next);
		expect(third.body.meta).toMatchObject({ status: 'ok', page: 3, count: 1 });
		expect(third.body.links).not.toHaveProperty('next');

		expect([...namesOf(first), ...namesOf(second), ...namesOf(third)]).toEqual(
			['widget 1', 'widget 2', 'widget 3', 'widget 4', 'widget 5', 'widget 6', 'widget 7'],
		);
		expect(namesOf(await call(sandbox, third.body.links.prev))).toEqual(namesOf(second));
		expect(namesOf(await call(sandbox, second.body.links.prev))).toEqual(namesOf(first));
	});

	it('accepts cursor= as well as page[after]=', async () => {
		const first = await readWhenOk(sandbox, '/v1/widgets');
		const cursor = new URLSearchParams(first.body.links.next.split('?')[1]).get('page[after]');
		const viaCursor = await call(sandbox, `/v1/widgets?cursor=${cursor}`);
		expect(viaCursor.body.meta).toMatchObject({ status: 'ok', page: 2 });
	});

	it('pins a cursor to its snapshot: after a refresh the old cursor answers stale with the pinned page', async () => {
		const first = await readWhenOk(sandbox, '/v1/widgets');
		await sandbox.control.inject('bill', { name: 'late arrival' });
		await sandbox.control.expire();
		await call(sandbox, '/v1/widgets');
		const refreshed = await readWhenOk(sandbox, '/v1/widgets');
		expect(refreshed.body.meta.lastUpdated).toBeGreaterThanOrEqual(first.body.meta.lastUpdated);

		const pinned = await call(sandbox, first.body.links.next);
		expect(pinned.body.meta).toMatchObject({ status: 'stale', page: 2, lastUpdated: first.body.meta.lastUpdated });
		expect(namesOf(pinned)).toEqual(['widget 4', 'widget 5', 'widget 6']);
		const pinnedLast = await call(sandbox, pinned.body.links.next);
		expect(namesOf(pinnedLast)).toEqual(['widget 7']);
		expect(pinnedLast.body.links).not.toHaveProperty('next');

		const current = await call(sandbox, (await call(sandbox, refreshed.body.links.next)).body.links.next);
		expect(current.body.meta.status).toBe('ok');
		expect(namesOf(current)).toEqual(['widget 7', 'late arrival']);
	});

	it('does not apply max-age to cursor pages', async () => {
		const first = await readWhenOk(sandbox, '/v1/widgets');
		const { clock } = await sandbox.control.config();
		await sandbox.control.config({ clock: new Date(Date.parse(clock) + 10_000).toISOString() });
		const next = await call(sandbox, first.body.links.next, { headers: { 'X-API-MAX-AGE': '0' } });
		expect(next.body.meta).toMatchObject({ status: 'ok', page: 2 });
	});

	it('answers stale without data for unknown cursors, cursors of another query, and after a restart', async () => {
		const first = await readWhenOk(sandbox, '/v1/widgets');
		const garbage = await call(sandbox, '/v1/widgets?page[after]=not-a-cursor');
		expect(garbage.body.meta).toMatchObject({ status: 'stale', lastUpdated: null });
		expect(garbage.body).not.toHaveProperty('data');

		const foreign = await call(sandbox, first.body.links.next.replace('/v1/widgets?', '/v1/widgets?color=red&'));
		expect(foreign.body).not.toHaveProperty('data');

		await sandbox.control.restart();
		const afterRestart = await call(sandbox, first.body.links.next);
		expect(afterRestart.body.meta.status).toBe('stale');
		expect(afterRestart.body).not.toHaveProperty('data');
	});

	it('treats status[]= and status[0]= like the repeated form', async () => {
		await readWhenOk(sandbox, '/v1/widgets?color=red&color=blue');
		for (const form of ['color[]=red&color[]=blue', 'color[0]=red&color[1]=blue']) {
			const answer = await call(sandbox, `/v1/widgets?${form}`);
			expect(answer.body.meta).toMatchObject({ status: 'ok', query: { color: ['red', 'blue'] } });
		}
	});

	it('uses a page size set through the control API', async () => {
		await sandbox.control.config({ pageSize: 5 });
		const first = await readWhenOk(sandbox, '/v1/widgets');
		expect(first.body.meta.count).toBe(5);
		expect((await call(sandbox, first.body.links.next)).body.meta.count).toBe(2);
	});
});
