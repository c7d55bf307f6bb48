/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Issue 45, 1: a process on the clock grid whose timers fire late. The limiter's own waits in virtual
 * time, with a clock whose every sleep ends `lateMs` after it was due (a busy worker: CPU-bound Code
 * nodes, garbage collection, a loaded host). The previous limiter planned again after every wake-up
 * more than 8 ms late, so at +12 ms it never sent.
 */
import { pauseKey, SendTurnTimedOut, takeSendTurn } from '../../nodes/shared/transport/sending/rateLimiter';
import { SLOT_MS } from '../../nodes/shared/transport/sending/slotGrid';
import { MAX_LATE_REPLANS } from '../../nodes/shared/transport/sending/wakeTiming';
import type { EngineDeps } from '../../nodes/shared/transport/types';

const SPACING_MS = 1_010;
const ANSWER_MS = 5;
/** The latest a send is planned into its slot: the offset of a reclaim, the highest level (slotGrid.ts). */
const LARGEST_SEND_OFFSET_MS = 40;
/** Virtual time a test may use before the clock calls it a hang. */
const HANG_AFTER_MS = 10 * 60_000;

/** Every sleep ends `late(ms)` after it was due; a wait past HANG_AFTER_MS fails the test instead of hanging it. */
function lateClock(late: () => number): EngineDeps & { start: number; lateSoFar: () => number } {
	const start = 1_800_000_000_000;
	let now = start;
	let lateSoFar = 0;
	return {
		start,
		lateSoFar: () => lateSoFar,
		now: () => now,
		sleep: async (ms) => {
			await new Promise((resolve) => setImmediate(resolve));
			const lateBy = late();
			lateSoFar += lateBy;
			now += ms + lateBy;
			if (now - start > HANG_AFTER_MS) throw new Error(`still waiting after ${HANG_AFTER_MS / 60_000} virtual minutes`);
		},
		random: () => 0.5,
		pollIntervalMs: 10_000,
		spacingMs: SPACING_MS,
	};
}

/** When each of `requests` turns in a row on a fresh shared key sent, each answered ANSWER_MS later. */
async function sendTimes(clock: EngineDeps, requests: number, shared = true, onSend = () => {}): Promise<number[]> {
	const key = `late-${Math.random()}`;
	const sentAt: number[] = [];
	for (let request = 0; request < requests; request++) {
		const endOfTurn = await takeSendTurn(key, 'execution 1', clock, shared);
		sentAt.push(clock.now());
		onSend();
		await clock.sleep(ANSWER_MS);
		endOfTurn(200);
	}
	return sentAt;
}

const gapsOf = (times: number[]) => times.slice(1).map((time, index) => time - times[index]);

describe('a process on the clock grid whose timers fire late', () => {
	it.each([0, 4, 8, 12, 30, 200])('keeps sending, a slot apart once the lateness is learnt, at %i ms late', async (lateMs) => {
		const clock = lateClock(() => lateMs);
		const sentAt = await sendTimes(clock, 40);
		expect(sentAt).toHaveLength(40);
		// never faster than one request per second from the previous answer
		gapsOf(sentAt).forEach((gap) => expect(gap).toBeGreaterThanOrEqual(SPACING_MS));
		// the sleep before a send is shortened by the lateness seen: after the first sends, each goes out in
		// the next slot, at its planned moment a few milliseconds in. The answer is handled late too: from
		// 30 ms the spacing from it sets the moment (about 1,048 ms a request at 30 ms, 1,215 ms at 200 ms:
		// longer than a slot, so a slot is skipped now and then).
		const settled = sentAt.slice(10);
		if (lateMs <= 12) settled.forEach((time) => expect(time % SLOT_MS).toBeLessThan(40));
		expect(Math.max(...gapsOf(settled.map((time) => Math.floor(time / SLOT_MS))))).toBe(lateMs <= 12 ? 1 : 2);
	});

	it.each([
		['0-30 ms', () => 30 * Math.random()],
		['0-300 ms', () => 300 * Math.random()],
		['12 ms, now and then 1.5 s', () => (Math.random() < 0.1 ? 1_500 : 12)],
	])('keeps sending when its lateness varies (%s), never faster than the spacing', async (_label, late) => {
		const clock = lateClock(late);
		const lateAtSend: number[] = [];
		const sentAt = await sendTimes(clock, 30, true, () => lateAtSend.push(clock.lateSoFar()));
		gapsOf(sentAt).forEach((gap) => expect(gap).toBeGreaterThanOrEqual(SPACING_MS));
		// the answer, the spacing, then the first plan and at most MAX_LATE_REPLANS more, each at most the
		// next slot's latest send time away; every sleep in between may wake late by what the clock drew
		const lateBetween = gapsOf(lateAtSend);
		const slotAndOffset = SLOT_MS + LARGEST_SEND_OFFSET_MS;
		gapsOf(sentAt).forEach((gap, index) =>
			expect(gap - lateBetween[index]).toBeLessThanOrEqual(ANSWER_MS + SPACING_MS + (1 + MAX_LATE_REPLANS) * slotAndOffset),
		);
	});

	it('waits no longer than the deadline: a pause past it ends the wait at once, on the grid and off it', async () => {
		for (const shared of [true, false]) {
			const clock = lateClock(() => 12);
			const key = `paused-${Math.random()}`;
			pauseKey(key, clock.now() + 60_000);
			const startedAt = clock.now();
			const error = await takeSendTurn(key, 'execution 1', clock, shared, startedAt + 20_000).catch((thrown: unknown) => thrown);
			expect(error).toBeInstanceOf(SendTurnTimedOut);
			expect(clock.now() - startedAt).toBeLessThan(20_000);
			// the turn went back: another caller is served once the pause is over
			(await takeSendTurn(key, 'execution 2', clock, shared))();
		}
	});

	it('sends off the grid, once the spacing allows, when its slot would come after the deadline', async () => {
		const clock = lateClock(() => 12);
		const key = `slot-${Math.random()}`;
		const startedAt = clock.now();
		// a deadline before any slot's planned moment: the grid is a preference, not a gate
		(await takeSendTurn(key, 'execution 1', clock, true, startedAt))(200);
		expect(clock.now()).toBe(startedAt);
		// the next turn keeps the spacing from that answer, however close the deadline
		(await takeSendTurn(key, 'execution 1', clock, true, clock.now()))(200);
		expect(clock.now() - startedAt).toBeGreaterThanOrEqual(SPACING_MS);
	});

	it('never counts the spacing against the deadline: a read with a short Max Wait gets every page', async () => {
		for (const shared of [true, false]) {
			const clock = lateClock(() => 12);
			const key = `spacing-${Math.random()}`;
			for (let page = 0; page < 3; page++) (await takeSendTurn(key, 'execution 1', clock, shared, clock.now() + 100))(200);
		}
	});
});
