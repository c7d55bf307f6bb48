/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The node, through n8n-core's real execution, against the hostile profile's own 429s (not injected
 * faults): another client uses the same API key, so some of the node's requests are rejected; every
 * other rejection comes without Retry-After, and a rejected request counts against the key like an
 * accepted one (sandbox/README.md, "Hostile profile"). A recording proxy in front of the sandbox sees
 * each answer the node got, Retry-After included. Measured (seed 20261121): 15 requests, 8 answered 200,
 * 7 x 429 of which 4 without Retry-After, 31 items; the other client 8 requests, all 429.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';
import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';
import { runNode } from '../support/n8n';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

interface Answer {
	url: string;
	status: number;
	retryAfter: string | null;
	at: number;
}

let sandbox: TestSandbox;
let proxy: Server;
let proxyUrl: string;
const answers: Answer[] = [];
/** the other client's requests, sent while the node reads */
const otherRequests: Array<Promise<number>> = [];
let otherClientOn = false;

beforeAll(async () => {
	sandbox = await startTestSandbox({ profile: 'hostile', pageSize: 8, jobSeconds: 0.2, keys: ['node-and-other-client-key', 'reference-key'] });
	const target = new URL(sandbox.url);
	// the Host header goes through unchanged: the sandbox's absolute links then name the proxy
	proxy = createServer((req, res) => {
		const upstream = forward({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
			const retryAfter = answer.headers['retry-after'];
			answers.push({ url: req.url ?? '', status: answer.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, at: Date.now() });
			// the other client uses the key half a second after each page the node got: it is refused, but the
			// refusal counts against the key, so the node's next request (a second after its last) is refused too
			if (otherClientOn && answer.statusCode === 200) {
				const other = pause(500).then(async () => (await fetch(`${sandbox.url}/v1/me`, { headers: { 'X-API-Key': sandbox.keys[0] } })).status);
				otherRequests.push(other);
			}
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise<void>((resolve) => proxy?.close(() => resolve()));
	proxy?.closeAllConnections();
	await sandbox?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every page of `path` read directly with the reference key (1 request a second), once fresh: the ids the node must output, each once. */
async function referenceIds(path: string): Promise<string[]> {
	const ids: string[] = [];
	let url: string | undefined = `${sandbox.url}${path}`;
	for (;;) {
		const body = (await (await fetch(url, { headers: { 'X-API-Key': sandbox.keys[1] } })).json()) as {
			meta: { status: string };
			links?: { next?: string | null };
			data?: IDataObject[];
		};
		await pause(1100);
		if (body.meta.status !== 'ok') continue;
		// drifting cursors: a page may start with rows of the previous one again; they are the same records
		ids.push(...(body.data ?? []).map((row) => String(row.upstreamId)).filter((id) => !ids.includes(id)));
		const next = body.links?.next;
		if (!next) return ids;
		url = next.startsWith('http') ? next : `${sandbox.url}${next}`;
	}
}

test('Get Many under 429s with and without Retry-After: every record once, each page answered 200 once, a retry never sooner than 1 s after a 429', async () => {
	const expected = await referenceIds('/v1/properties');
	expect(expected.length).toBeGreaterThan(8); // several pages

	otherClientOn = true;
	const run = await runNode({
		nodeType: new PropertyManagement(),
		parameters: { resource: 'property', operation: 'getAll', returnAll: true },
		credentials: { apiKey: sandbox.keys[0], baseUrl: proxyUrl },
	}).finally(() => {
		otherClientOn = false;
	});
	const otherStatuses = await Promise.all(otherRequests);

	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => String(item.json.upstreamId))).toEqual(expected);
	const rejected = answers.filter((answer) => answer.status === 429);
	const accepted = answers.filter((answer) => answer.status === 200);
	console.log(
		`node: ${answers.length} requests, ${accepted.length} answered 200, ${rejected.length} x 429 (${rejected.filter((answer) => answer.retryAfter === null).length} without Retry-After); other client: ${otherStatuses.length} requests (${otherStatuses.filter((status) => status === 429).length} x 429); ${run.items.length} items`,
	);
	// the other client did get in the node's way, also without Retry-After; a retry that waited is not refused
	// again (the other client only comes after a page), so at most one 429 per page
	expect(rejected.filter((answer) => answer.retryAfter === null).length).toBeGreaterThan(0);
	expect(rejected.length).toBeLessThanOrEqual(accepted.length);
	expect(otherStatuses.length).toBe(accepted.length);
	// nothing but 200s and 429s; each URL answered 200 exactly once (a 429 is retried, a page never read twice)
	expect(answers.length).toBe(accepted.length + rejected.length);
	expect(new Set(accepted.map((answer) => answer.url)).size).toBe(accepted.length);
	// after a 429 the node waited: Retry-After, or at least 1 s of its own back-off without it
	for (const [index, answer] of answers.entries()) {
		const next = answers[index + 1];
		if (answer.status !== 429 || !next) continue;
		expect(next.at - answer.at).toBeGreaterThanOrEqual(answer.retryAfter === null ? 950 : Number(answer.retryAfter) * 1000 - 50);
	}
});
