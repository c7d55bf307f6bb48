/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call, pause, readWhenOk } from './client';
import { fakeDataModule, fakeEndpoints } from './fakeService';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ endpoints: fakeEndpoints, dataModule: fakeDataModule, jobSeconds: 0.2, rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

describe('freshness cache', () => {
	it('answers stale without data, then updating, then ok with a lastUpdated once the job ran', async () => {
		const first = await call(sandbox, '/v1/widgets?color=red');
		expect(first.status).toBe(200);
		expect(first.body.meta).toMatchObject({ status: 'stale', path: '/v1/widgets', query: { color: 'red' }, lastUpdated: null });
		expect(first.body).not.toHaveProperty('data');
		expect(first.body.meta.jobId).toEqual(expect.any(String));

		const second = await call(sandbox, '/v1/widgets?color=red');
		expect(second.body.meta).toMatchObject({ status: 'updating', jobId: first.body.meta.jobId });
		expect(second.body).not.toHaveProperty('data');

		const fresh = await readWhenOk(sandbox, '/v1/widgets?color=red');
		expect(fresh.body.meta).toMatchObject({ status: 'ok', count: 4, page: 1 });
		expect(fresh.body.meta).not.toHaveProperty('jobId');
		const clockSeconds = Math.floor(Date.parse((await sandbox.control.config()).clock) / 1000);
		expect(fresh.body.meta.lastUpdated).toBeLessThanOrEqual(clockSeconds);
		expect(fresh.body.meta.lastUpdated).toBeGreaterThan(clockSeconds - 5);
		expect(fresh.body.data.map((widget: { color: string }) => widget.color)).toEqual(['red', 'red', 'red', 'red']);
	});

	it('keys entries by path and query, whatever the order of the parameters', async () => {
		await readWhenOk(sandbox, '/v1/widgets?color=red&color=blue');
		const reordered = await call(sandbox, '/v1/widgets?color=blue&color=red');
		expect(reordered.body.meta.status).toBe('ok');
		const other = await call(sandbox, '/v1/widgets?color=blue');
		expect(other.body.meta.status).toBe('stale');
	});

	it('goes stale with the cached data once the entry is older than X-API-MAX-AGE', async () => {
		const fresh = await readWhenOk(sandbox, '/v1/widgets');
		const { clock } = await sandbox.control.config();
		await sandbox.control.config({ clock: new Date(Date.parse(clock) + 121_000).toISOString() });

		const withinDefault = await call(sandbox, '/v1/widgets');
		expect(withinDefault.body.meta.status).toBe('ok');

		const tooOld = await call(sandbox, '/v1/widgets', { headers: { 'X-API-MAX-AGE': '120' } });
		expect(tooOld.body.meta).toMatchObject({ status: 'stale', lastUpdated: fresh.body.meta.lastUpdated, count: 7 });
		expect(tooOld.body.meta.jobId).toEqual(expect.any(String));
		expect(tooOld.body.data).toEqual(fresh.body.data);

		const refreshed = await readWhenOk(sandbox, '/v1/widgets', { 'X-API-MAX-AGE': '120' });
		expect(refreshed.body.meta.lastUpdated).toBeGreaterThan(fresh.body.meta.lastUpdated);
	});

	it('goes stale after the default max-age of a day', async () => {
		await readWhenOk(sandbox, '/v1/widgets');
		const { clock } = await sandbox.control.config();
		await sandbox.control.config({ clock: new Date(Date.parse(clock) + 86_402_000).toISOString() });
		expect((await call(sandbox, '/v1/widgets')).body.meta.status).toBe('stale');
	});

	it('validates at request time, answering 400/404 with the error body instead of a job', async () => {
		const invalid = await call(sandbox, '/v1/widgets?color=green');
		expect(invalid.status).toBe(400);
		expect(invalid.body).toEqual({ message: 'color is invalid', errors: [{ code: 'invalid_request', message: 'color is invalid', field: 'color' }] });
		expect((await call(sandbox, '/v1/widgets/nope')).status).toBe(404);
	});

	it('caches single-object reads the same way but never pages them', async () => {
		expect((await call(sandbox, '/v1/widgets/121')).body.meta.status).toBe('stale');
		const single = await readWhenOk(sandbox, '/v1/widgets/121');
		expect(single.body.data).toEqual([{ upstreamId: '121', name: 'widget 1', color: 'red' }]);
		expect(single.body).not.toHaveProperty('links');
	});

	it('does not show injected upstream records before the next refresh; expire forces one', async () => {
		const before = await readWhenOk(sandbox, '/v1/widgets');
		await sandbox.control.inject('guestCard', { name: 'arrived upstream' });
		expect((await call(sandbox, '/v1/widgets')).body.meta.count).toBe(before.body.meta.count);

		expect(await sandbox.control.expire('/v1/widgets')).toBe(1);
		expect((await call(sandbox, '/v1/widgets')).body.meta.status).toBe('stale');
		const after = await readWhenOk(sandbox, '/v1/widgets');
		expect(after.body.meta.count).toBe(before.body.meta.count + 1);
	});

	it('a create expires the entries of the paths it touches', async () => {
		await readWhenOk(sandbox, '/v1/widgets');
		await readWhenOk(sandbox, '/v1/widgets/121');
		const created = await call(sandbox, '/v1/widgets', { method: 'POST', body: JSON.stringify({ name: 'fresh' }) });
		expect(created.status).toBe(200);
		expect((await call(sandbox, '/v1/widgets')).body.meta.status).toBe('stale');
		expect((await call(sandbox, '/v1/widgets/121')).body.meta.status).toBe('stale');
	});

	it('after a restart every entry is gone but the data stays', async () => {
		await call(sandbox, '/v1/widgets', { method: 'POST', body: JSON.stringify({ name: 'kept' }) });
		await readWhenOk(sandbox, '/v1/widgets');
		await sandbox.control.restart();
		const afterRestart = await call(sandbox, '/v1/widgets');
		expect(afterRestart.body.meta).toMatchObject({ status: 'stale', lastUpdated: null });
		expect((await readWhenOk(sandbox, '/v1/widgets')).body.meta.count).toBe(8);
	});
});

describe('X-API-NOTIFY-URL', () => {
	let receiver: Server;
	let received: Array<Record<string, unknown>>;
	let receiverUrl: string;

	beforeAll(async () => {
		receiver = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				received.push({ ...JSON.parse(text), contentType: req.headers['content-type'], headerText: JSON.stringify(req.headers) });
				// as n8n answers a resume call for an execution that is not waiting yet
				if (req.url?.includes('conflict')) res.statusCode = 409;
				res.end();
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	});
	afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
	beforeEach(() => (received = []));

	it('POSTs once per distinct URL when the job completes, without the key', async () => {
		const started = await call(sandbox, '/v1/widgets?color=blue', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		await call(sandbox, '/v1/widgets?color=blue', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		await call(sandbox, '/v1/widgets?color=blue', { headers: { 'X-API-NOTIFY-URL': `${receiverUrl}?second` } });
		const fresh = await readWhenOk(sandbox, '/v1/widgets?color=blue');
		for (let attempt = 0; attempt < 40 && received.length < 2; attempt++) await pause(25);

		expect(received).toHaveLength(2);
		expect(received[0]).toMatchObject({
			jobId: started.body.meta.jobId,
			path: '/v1/widgets',
			query: { color: 'blue' },
			status: 'ok',
			lastUpdated: fresh.body.meta.lastUpdated,
			url: `${sandbox.url}/v1/widgets?color=blue`,
			contentType: 'application/json',
		});
		expect(JSON.stringify(received)).not.toContain(sandbox.key);
	});

	it('records every notification with what its receiver answered (GET /__sandbox/notifications)', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
		await new Promise<void>((resolve) => closed.close(() => resolve()));

		const started = await call(sandbox, '/v1/widgets?color=red', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		await call(sandbox, '/v1/widgets?color=red', { headers: { 'X-API-NOTIFY-URL': `${receiverUrl}?conflict` } });
		await call(sandbox, '/v1/widgets?color=red', { headers: { 'X-API-NOTIFY-URL': closedUrl } });
		await readWhenOk(sandbox, '/v1/widgets?color=red');
		let sent = await sandbox.control.notifications();
		for (let attempt = 0; attempt < 40 && sent.length < 3; attempt++) sent = (await pause(25), await sandbox.control.notifications());

		const byUrl = Object.fromEntries(sent.map((entry) => [entry.url, entry]));
		expect(Object.keys(byUrl).sort()).toEqual([receiverUrl, `${receiverUrl}?conflict`, closedUrl].sort());
		expect(byUrl[receiverUrl]).toMatchObject({ status: 200, jobId: started.body.meta.jobId, path: '/v1/widgets' });
		expect(byUrl[`${receiverUrl}?conflict`].status).toBe(409);
		expect(byUrl[closedUrl].status).toBe(0);
		for (const entry of sent) expect(entry.answeredAt).toBeGreaterThanOrEqual(entry.sentAt);
		await sandbox.control.reset();
		expect(await sandbox.control.notifications()).toEqual([]);
	});

	it('notifyBeforeAnswer: the refresh ends at once and its webhook is answered before the read itself is answered', async () => {
		await sandbox.control.config({ notifyBeforeAnswer: true, jobSeconds: 30 });
		const started = await call(sandbox, '/v1/widgets?color=blue', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		const answeredAt = Date.now();
		// the read's answer is what was decided when it came: a refresh is running
		expect(started.body.meta).toMatchObject({ status: 'stale', jobId: expect.any(String) });
		// ... yet the webhook already came and was answered, although a job takes 30 s here
		expect(received).toHaveLength(1);
		expect(received[0]).toMatchObject({ jobId: started.body.meta.jobId, status: 'ok' });
		const [sent] = await sandbox.control.notifications();
		expect(sent.answeredAt).toBeLessThanOrEqual(answeredAt);
		expect((await call(sandbox, '/v1/widgets?color=blue')).body.meta).toMatchObject({ status: 'ok', lastUpdated: received[0].lastUpdated });
		// a read without a notify URL keeps the job's own pace
		await sandbox.control.expire();
		expect((await call(sandbox, '/v1/widgets?color=blue')).body.meta.status).toBe('stale');
		expect((await call(sandbox, '/v1/widgets?color=blue')).body.meta.status).toBe('updating');
	});

	it('does not notify when no job was started or joined', async () => {
		await readWhenOk(sandbox, '/v1/widgets');
		await call(sandbox, '/v1/widgets', { headers: { 'X-API-NOTIFY-URL': receiverUrl } });
		await pause(400);
		expect(received).toHaveLength(0);
	});
});
