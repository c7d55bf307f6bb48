/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import {
	keyDigest,
	limitedKeyDigests,
	pauseKey,
	SendTurnTimedOut,
	takeSendTurn,
} from '../../nodes/shared/transport/sending/rateLimiter';
import {
	backoffMs,
	MAX_ATTEMPTS_ON_FAILURE,
	parseRetryAfter,
	retryDecision,
} from '../../nodes/shared/transport/sending/retryPolicy';
import type { ExchangeOutcome } from '../../nodes/shared/transport/exchangeOutcome';
import {
	OffOriginLinkError,
	PageCycleError,
	PageTrail,
	resolveNextLink,
} from '../../nodes/shared/transport/reading/links';
import { errorForOutcome, scrubKey, serviceMessage } from '../../nodes/shared/transport/errors';
import { networkOutcome } from '../../nodes/shared/transport/sending/exchange';
import { ExecutionCancelled } from '../../nodes/shared/transport/sending/cancellation';
import type { EngineDeps } from '../../nodes/shared/transport/types';

function fakeClock(spacingMs = 1010): EngineDeps & { sleeps: number[] } {
	let now = 1_000_000;
	const sleeps: number[] = [];
	return {
		sleeps,
		now: () => now,
		// time passes only after pending continuations ran, as with a real timer
		sleep: async (ms) => {
			sleeps.push(ms);
			await new Promise((resolve) => setImmediate(resolve));
			now += ms;
		},
		random: () => 0.5,
		pollIntervalMs: 10_000,
		spacingMs,
	};
}

describe('rate limiter', () => {
	it('serves callers first come first served, each spaced from the answer to the previous one', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const sentAt: Array<[string, number]> = [];
		// each request is answered after a different time on the wire
		const answerMs: Record<string, number> = { a: 700, b: 30, c: 0, d: 5 };
		await Promise.all(
			['a', 'b', 'c', 'd'].map(async (caller) => {
				const endOfTurn = await takeSendTurn(key, caller, clock);
				sentAt.push([caller, clock.now()]);
				await clock.sleep(answerMs[caller]);
				endOfTurn();
			}),
		);
		expect(sentAt.map(([caller]) => caller)).toEqual(['a', 'b', 'c', 'd']);
		const gaps = sentAt.slice(1).map(([, time], index) => time - sentAt[index][1]);
		// a request that took long to be answered may have reached the service late: the next waits for it
		expect(gaps).toEqual([1710, 1040, 1010]);
	});

	it('takes turns round the callers: one request waits one turn behind a bulk read, not all of it', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const served: string[] = [];
		const send = async (caller: string) => {
			const endOfTurn = await takeSendTurn(key, caller, clock);
			served.push(caller);
			endOfTurn();
		};
		const bulk = Array.from({ length: 6 }, async () => await send('bulk'));
		const others = [send('one'), send('poll')];
		await Promise.all([...bulk, ...others]);
		// round-robin in the order callers lined up: each waits at most one turn per other caller
		expect(served).toEqual(['bulk', 'one', 'bulk', 'poll', 'bulk', 'bulk', 'bulk', 'bulk']);
	});

	it('hands the next turn out only once the request before it was answered', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const first = await takeSendTurn(key, 'caller', clock);
		let secondGranted = false;
		const second = takeSendTurn(key, 'caller', clock).then((end) => {
			secondGranted = true;
			return end;
		});
		for (let tick = 0; tick < 5; tick++) await clock.sleep(1_000);
		expect(secondGranted).toBe(false);
		const answeredAt = clock.now();
		first();
		first(); // a second call changes nothing
		(await second)();
		expect(clock.now()).toBe(answeredAt + 1010);
	});

	it('holds every caller of the key during a 429 pause, and other keys not at all', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const other = `unit-${Math.random()}`;
		(await takeSendTurn(key, 'caller', clock))();
		const pausedFrom = clock.now();
		pauseKey(key, pausedFrom + 5_000);
		(await takeSendTurn(other, 'caller', clock))();
		expect(clock.now()).toBe(pausedFrom);
		(await takeSendTurn(key, 'caller', clock))();
		expect(clock.now()).toBe(pausedFrom + 5_000);
	});

	it('sends a caller in line away as soon as a pause outlasts its Max Wait, not at its turn behind a longer one', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const startedAt = clock.now();
		const outcome = (caller: string, deadline: number) =>
			takeSendTurn(key, caller, clock, false, deadline).then(
				(endOfTurn) => {
					endOfTurn(200);
					return `${caller} sent at +${clock.now() - startedAt}`;
				},
				(error: unknown) =>
					error instanceof SendTurnTimedOut ? `${caller} timed out at +${clock.now() - startedAt}` : error,
			);
		// a holds the turn, its request in flight; c (no bound), then b (Max Wait 5 s) wait in line
		const endOfA = await takeSendTurn(key, 'a', clock);
		const c = outcome('c', Number.POSITIVE_INFINITY);
		const b = outcome('b', startedAt + 5_000);
		await clock.sleep(300);
		// a's request is answered 429 with Retry-After: 60 s
		pauseKey(key, clock.now() + 60_000);
		endOfA(429);
		expect(await b).toBe('b timed out at +300');
		expect(await c).toBe('c sent at +60300');
		// one that joins the line while the key is paused past its deadline is sent away at once
		pauseKey(key, clock.now() + 60_000);
		const joinedAt = clock.now() - startedAt;
		expect(await outcome('d', clock.now() + 5_000)).toBe(`d timed out at +${joinedAt}`);
	});

	it('a stopped caller leaves the line at once; the others keep their places', async () => {
		const clock = fakeClock();
		const key = `unit-${Math.random()}`;
		const served: string[] = [];
		const endOfA = await takeSendTurn(key, 'a', clock);
		const stopped = new AbortController();
		const b = takeSendTurn(key, 'b', clock, false, Number.POSITIVE_INFINITY, stopped.signal).then(
			() => 'b sent',
			(error: unknown) => (error instanceof ExecutionCancelled ? `b stopped at +${clock.now() - 1_000_000}` : error),
		);
		const c = takeSendTurn(key, 'c', clock).then((endOfTurn) => {
			served.push('c');
			endOfTurn(200);
		});
		await clock.sleep(200);
		stopped.abort();
		expect(await b).toBe('b stopped at +200');
		endOfA(200);
		await c;
		expect(served).toEqual(['c']);
		// one already stopped does not join
		await expect(takeSendTurn(key, 'd', clock, false, Number.POSITIVE_INFINITY, stopped.signal)).rejects.toBeInstanceOf(ExecutionCancelled);
	});

	it('never keeps the raw key, only its SHA-256', () => {
		expect(keyDigest('secret')).toMatch(/^[0-9a-f]{64}$/);
		const digests = limitedKeyDigests();
		expect(digests.length).toBeGreaterThan(0);
		expect(digests.some((entry) => entry.includes('unit-'))).toBe(false);
	});
});

describe('retry policy', () => {
	const tooMany: ExchangeOutcome = { kind: 'response', status: 429, body: {}, retryAfterSeconds: 3 };
	const serverError: ExchangeOutcome = { kind: 'response', status: 500, body: {} };
	const refused: ExchangeOutcome = { kind: 'network', code: 'ECONNREFUSED', timedOut: false };
	const reset: ExchangeOutcome = { kind: 'network', code: 'ECONNRESET', timedOut: false };
	const timedOut: ExchangeOutcome = { kind: 'network', code: 'ECONNABORTED', timedOut: true };
	const malformed: ExchangeOutcome = { kind: 'malformed', status: 200 };
	const random = () => 0.5;

	it('backs off exponentially from 1 s, with bounded jitter and a cap', () => {
		expect(backoffMs(0, () => 0)).toBe(1000);
		expect(backoffMs(0, () => 0.999)).toBeLessThanOrEqual(1250);
		expect(backoffMs(3, () => 0)).toBe(8000);
		expect(backoffMs(20, () => 0.999)).toBeLessThanOrEqual(37_500);
	});

	it('follows Retry-After on 429 and pauses the key, for POST too, while the wait budget lasts', () => {
		expect(retryDecision('POST', tooMany, 1, () => 0, 60_000)).toEqual({ retry: true, delayMs: 3000, pausesKey: true });
		// up to one more second of jitter, so processes sharing the key do not all come back at once
		expect(retryDecision('POST', tooMany, 1, () => 0.5, 60_000)).toEqual({ retry: true, delayMs: 3500, pausesKey: true });
		const noHint: ExchangeOutcome = { kind: 'response', status: 429, body: {} };
		expect(retryDecision('GET', noHint, 2, () => 0, 60_000)).toEqual({ retry: true, delayMs: 2000, pausesKey: true });
		// the count of attempts does not end it (once 8 did), time does
		expect(retryDecision('GET', tooMany, 40, random, 60_000).retry).toBe(true);
		expect(retryDecision('GET', tooMany, 2, random, 3_499)).toEqual({ retry: false });
	});

	it('retries GETs after 5xx, network errors, time-outs and malformed bodies, at most 4 attempts', () => {
		for (const outcome of [serverError, refused, reset, timedOut, malformed]) {
			expect(retryDecision('GET', outcome, 1, random, 60_000).retry).toBe(true);
			expect(retryDecision('GET', outcome, MAX_ATTEMPTS_ON_FAILURE, random, 60_000).retry).toBe(false);
		}
	});

	it('repeats a POST only when the service surely did not act (refused connection)', () => {
		expect(retryDecision('POST', refused, 1, random, 60_000).retry).toBe(true);
		for (const outcome of [serverError, reset, timedOut, malformed]) {
			expect(retryDecision('POST', outcome, 1, random, 60_000)).toEqual({ retry: false });
		}
	});

	it('does not retry client errors', () => {
		for (const status of [400, 401, 403, 404]) {
			expect(retryDecision('GET', { kind: 'response', status, body: {} }, 1, random, 60_000)).toEqual({ retry: false });
		}
	});

	it('reads Retry-After as seconds or as an HTTP date', () => {
		expect(parseRetryAfter('2', 0)).toBe(2);
		expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6);
		expect(parseRetryAfter(undefined, 0)).toBeUndefined();
	});
});

describe('page links', () => {
	const base = 'http://127.0.0.1:8787';

	it('resolves relative and same-origin absolute links against the base URL', () => {
		expect(resolveNextLink(base, `${base}/v1/tenants`, '/v1/tenants?page%5Bafter%5D=x')).toBe(
			`${base}/v1/tenants?page%5Bafter%5D=x`,
		);
		expect(resolveNextLink(`${base}/api`, `${base}/api/v1/tenants`, '/v1/tenants?cursor=y')).toBe(
			`${base}/api/v1/tenants?cursor=y`,
		);
		expect(resolveNextLink(base, `${base}/v1/tenants`, `${base}/v1/tenants?cursor=z`)).toBe(
			`${base}/v1/tenants?cursor=z`,
		);
	});

	it('refuses a link to another origin', () => {
		expect(() => resolveNextLink(base, `${base}/v1/tenants`, 'http://evil.test/v1/tenants?cursor=1')).toThrow(
			OffOriginLinkError,
		);
		expect(() => resolveNextLink(base, `${base}/v1/tenants`, '//evil.test/v1/tenants')).toThrow(OffOriginLinkError);
		expect(() => resolveNextLink(base, `${base}/v1/tenants`, 'http://127.0.0.1:9999/v1/x')).toThrow(
			OffOriginLinkError,
		);
	});

	it('detects a next URL or cursor seen twice', () => {
		const trail = new PageTrail();
		trail.visit(`${base}/v1/tenants`);
		trail.visit(`${base}/v1/tenants?cursor=a`);
		expect(() => trail.visit(`${base}/v1/tenants?cursor=a`)).toThrow(PageCycleError);
		expect(() => trail.visit(`${base}/v1/tenants?status=x&cursor=a`)).toThrow(PageCycleError);
		expect(() => trail.visit(`${base}/v1/tenants`)).toThrow(PageCycleError);
	});
});

describe('error texts', () => {
	it('scrubs every occurrence of the key', () => {
		expect(scrubKey('key k-123456 and again k-123456.', 'k-123456')).toBe('key [redacted] and again [redacted].');
		expect(scrubKey(undefined, 'k')).toBeUndefined();
	});

	it("joins the service's message with its field errors", () => {
		expect(
			serviceMessage({ message: 'Invalid request', errors: [{ code: 'x', message: 'is required', field: 'vendorId' }] }),
		).toBe('Invalid request; vendorId: is required');
		expect(serviceMessage('not an object')).toBeUndefined();
	});
});

describe('a request helper failure without a network code', () => {
	const testCredentialValue = ['unit', 'key', '1234567'].join('-');
	const place = { node: { name: 'Property Management Trigger' } as never, apiKey: testCredentialValue, path: '/v1/work-orders' };

	it("keeps the helper's own text (the key never in it) and says what to check", () => {
		// n8n 2.41 with two triggers of one workflow polling at once (docs/compatibility.md)
		const bridge = networkOutcome(new Error('No bridge acquired for this context. Call acquire() first.'), 'http://127.0.0.1:1/v1/work-orders', place.apiKey);
		expect(bridge).toEqual({ kind: 'network', code: 'UNKNOWN', timedOut: false, detail: 'No bridge acquired for this context. Call acquire() first.' });
		const error = errorForOutcome(place, bridge, 4, { waitedMs: 5000, budgetMs: 60_000 });
		expect(error.message).toBe('Could not reach the service for /v1/work-orders');
		expect(error.description).toContain('(UNKNOWN: No bridge acquired for this context. Call acquire() first.) after 4 attempt(s).');
		expect(error.description).toContain('Put each Property Management Trigger in a workflow of its own.');

		const leaky = networkOutcome(new Error(`rejected header X-API-Key: ${place.apiKey}`), 'http://127.0.0.1:1/v1/bills', place.apiKey);
		expect(JSON.stringify(leaky)).not.toContain(place.apiKey);
		expect(errorForOutcome(place, leaky, 1, { waitedMs: 0, budgetMs: 60_000 }).description).toContain('Check the Base URL of the credential');
	});

	it('a code of Node\'s stays as it was, without the text', () => {
		const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
		expect(networkOutcome(refused, 'http://127.0.0.1:1/v1/bills', place.apiKey)).toEqual({ kind: 'network', code: 'ECONNREFUSED', timedOut: false });
	});
});
