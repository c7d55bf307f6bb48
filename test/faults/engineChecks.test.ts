import { engineTestNode } from '../support/engineTestNode';
import { runNode } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { checkSettings } from '../../nodes/shared/transport/settings/settingChecks';
import { credentialsOf } from './setup';

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 3, pageSize: 100, rateLimit: false });
});

afterAll(async () => {
	await sandbox?.close();
});

beforeEach(async () => {
	await sandbox.control.clearLog();
});

const requestsTo = async (path: string) => (await sandbox.control.log()).filter((entry) => entry.path === path);

describe('small things the engine must get right', () => {
	test('Max Wait shorter than the 10 s poll interval: the last look falls on Max Wait, and a 3 s refresh is waited for', async () => {
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/owners', returnAll: true, options: { maxWait: 5, includeMeta: true } },
			credentials: credentialsOf(sandbox),
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => (item.json._meta as { status: string }).status === 'ok')).toBe(true);
		const looks = await requestsTo('/v1/owners');
		expect(looks).toHaveLength(2);
		// about Max Wait apart (the log stamps arrivals; the engine measures from before its first send)
		expect(looks[1].time - looks[0].time).toBeGreaterThanOrEqual(4_500);
	});

	test('Notify mode with an empty Notify URL: an error naming the option and the item; nothing is sent', async () => {
		const { items, error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/vendors', options: { freshness: 'notify', notifyUrl: '' } },
			credentials: credentialsOf(sandbox),
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/Notify URL must be an http\(s\) address/);
		expect((error?.context as { itemIndex?: number } | undefined)?.itemIndex).toBe(0);
		expect(await requestsTo('/v1/vendors')).toEqual([]);
	});

	test('Notify mode with a Notify URL the service cannot call (http, loopback, private): an error naming WEBHOOK_URL; nothing is sent', async () => {
		// a service on a public address: what users have; the check happens before any request
		const publicService = { apiKey: sandbox.key, baseUrl: 'https://pm.example.com' };
		const refused = [
			['={{ $execution.resumeUrl }}', /not HTTPS \(http\)/],
			['https://localhost:5678/webhook-waiting/1', /localhost is a loopback or private-network address/],
			['https://10.0.0.5/webhook-waiting/1', /10\.0\.0\.5 is a loopback or private-network address/],
		] as const;
		for (const [notifyUrl, reason] of refused) {
			const { items, error } = await runNode({
				nodeType: engineTestNode,
				parameters: { path: '/v1/vendors', options: { freshness: 'notify', notifyUrl } },
				credentials: publicService,
				items: [{ json: {} }, { json: {} }],
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.error)).toEqual([expect.stringMatching(reason), expect.stringMatching(reason)]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(String(items[0].json.error)).toMatch(/^Options → Notify URL cannot be called by the service/);
		}
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/vendors', options: { freshness: 'notify', notifyUrl: 'http://localhost:5678/x' } },
			credentials: publicService,
		});
		expect((error as { description?: string }).description).toMatch(/WEBHOOK_URL/);
		expect((error as { description?: string }).description).toMatch(/Allow Local or HTTP Notify URL/);
		expect(await sandbox.control.log()).toEqual([]);
	});

	test('a public HTTPS Notify URL, the tunnel option, or a service on a local address itself pass the check', () => {
		const place = { node: { name: 'Node' } as never, apiKey: 'k'.repeat(32), path: '/v1/vendors', method: 'GET' as const };
		const notify = (notifyUrl: string, extra = {}) => ({ freshness: 'notify' as const, notifyUrl, ...extra });
		expect(() => checkSettings(place, place.apiKey, 'https://pm.example.com', notify('https://n8n.example.com/webhook-waiting/1'))).not.toThrow();
		expect(() =>
			checkSettings(place, place.apiKey, 'https://pm.example.com', notify('http://localhost:5678/x', { allowLocalNotifyUrl: true })),
		).not.toThrow();
		expect(() => checkSettings(place, place.apiKey, 'http://127.0.0.1:8787', notify('http://localhost:5678/x'))).not.toThrow();
		expect(() => checkSettings(place, place.apiKey, 'https://pm.example.com', notify('http://localhost:5678/x'))).toThrow(/not HTTPS/);
	});

	test('a one-character API key: a readable error that names the API Key; nothing is sent, no message is mangled', async () => {
		const { error } = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants' },
			credentials: { apiKey: 'a', baseUrl: sandbox.url },
		});
		expect(error?.message).toBe('The API Key of the Property Management API credential is too short to be a key (1 character)');
		expect(JSON.stringify(error)).not.toContain('[redacted]');
		expect(await sandbox.control.log()).toEqual([]);

		const continued = await runNode({
			nodeType: engineTestNode,
			parameters: { path: '/v1/tenants' },
			credentials: { apiKey: 'a', baseUrl: sandbox.url },
			continueOnFail: true,
		});
		expect(continued.items.map((item) => item.json.error)).toEqual([
			'The API Key of the Property Management API credential is too short to be a key (1 character)',
		]);
	});
});
