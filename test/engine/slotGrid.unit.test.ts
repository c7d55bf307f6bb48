/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The clock grid for a key shared by several processes (issue 25), in virtual time: the processes of
 * test/support/gridSimulation.ts meet a strict one-request-per-second service, with timer jitter.
 * Counts only; the real processes' figures are the bench's `workers` row.
 */
import { takeSendTurn } from '../../nodes/shared/transport/sending/rateLimiter';
import { retryDecision } from '../../nodes/shared/transport/sending/retryPolicy';
import { levelOf, SLOT_MS, SLOTS_PER_CYCLE } from '../../nodes/shared/transport/sending/slotGrid';
import type { EngineDeps } from '../../nodes/shared/transport/types';
import { simulateGrid, type SimulatedProcess, type SimulatedRun } from '../support/gridSimulation';
import { MEASURED_SEND_TO_ARRIVAL_MS } from '../support/measuredArrivals';

const seedsOf = (count: number) => Array.from({ length: count }, (_, index) => 7919 * (index + 1));
const SEEDS = seedsOf(3);
/**
 * 429 shares and poll times vary from seed to seed by about as much as a change of rules moves them:
 * they are checked over the runs of these twelve seeds taken together.
 */
const POOLED_SEEDS = seedsOf(12);
const busyProcesses = (count: number): SimulatedProcess[] => Array.from({ length: count }, () => ({}));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** 429s as a share of all requests of the runs within [fromSeconds, toSeconds) */
function rejectedShare(runs: SimulatedRun[], fromSeconds: number, toSeconds: number): number {
	const rejected = sum(runs.map((run) => run.rejectedBetween(fromSeconds, toSeconds)));
	return rejected / (rejected + sum(runs.map((run) => run.acceptedTotalBetween(fromSeconds, toSeconds))));
}

describe('clock grid, in virtual time', () => {
	it('one process alone: a request per slot, never a 429, the whole cycle held', () => {
		for (const seed of SEEDS) {
			const run = simulateGrid(busyProcesses(1), 300, seed);
			expect(run.rejected).toEqual([0]);
			expect(run.grids[0].holdings).toBe(SLOTS_PER_CYCLE);
			// once it holds the cycle, every slot (1.045 s per request: the 1.05 times the service's
			// second), late wake-ups included; when each late wake-up skipped its slot, it sent in 243-247 of 248
			expect(run.acceptedBetween(0, 40, 300)).toBeGreaterThanOrEqual(Math.floor(260_000 / SLOT_MS));
			expect(run.minGapMs).toBeGreaterThanOrEqual(1_000);
		}
	});

	it('one worker whose answers come back 40-80 ms late still sends in nearly every slot, never a 429', () => {
		for (const seed of SEEDS) {
			const run = simulateGrid([{ slowAnswersMs: 40 }], 300, seed);
			expect(run.rejected).toEqual([0]);
			// once it holds the cycle: the answers' delay, not the grid, sets the pace (1 per 1.03-1.1 s);
			// sending only on time within a slot, it took every other slot (about 0.48 per second)
			expect(run.acceptedBetween(0, 120, 300) / 180).toBeGreaterThanOrEqual(0.85);
		}
	});

	// 429 shares over the first 5 minutes (the bench's runs), the whole 10 and after the first minute,
	// in which processes starting together find their slots, over twelve seeds: the goals (10 %,
	// 10 %, 15 %), but for N = 8 over 5 minutes (16.5 %; the grid before the crowd start-up rules: 21-24 %)
	it.each([
		[2, 0.05, 0.05, 0.05],
		[4, 0.1, 0.1, 0.1],
		[8, 0.18, 0.15, 0.12],
	])('%i busy processes: the key stays busy, few 429s, shares within 2 of each other', (count, firstFiveMinutes, wholeRun, afterFirstMinute) => {
		const runs = POOLED_SEEDS.map((seed) => simulateGrid(busyProcesses(count), 600, seed));
		for (const run of runs) {
			expect(sum(run.accepted) / 600).toBeGreaterThanOrEqual(0.9);
			expect(Math.max(...run.accepted) / Math.min(...run.accepted)).toBeLessThanOrEqual(2);
			expect(run.minGapMs).toBeGreaterThanOrEqual(1_000);
		}
		expect(rejectedShare(runs, 0, 300)).toBeLessThanOrEqual(firstFiveMinutes);
		expect(rejectedShare(runs, 0, 600)).toBeLessThanOrEqual(wholeRun);
		expect(rejectedShare(runs, 60, 600)).toBeLessThanOrEqual(afterFirstMinute);
	});

	// The same over 300 s with the send-to-arrival delays measured on the bench machine (about 3-10 ms,
	// not 1-5): contests within a slot are decided by 1.5 ms, so more of them go the wrong way. The split
	// widens (4 processes, 48 seeds: median 1.40, 2.04 for one in ten, 2.18 at worst; 1.37, 1.70 and 2.10
	// with the modelled delays above), as in the bench's real runs (2.13, 2.00). Guards only: no process falls
	// below half an even share, the key stays busy, 429s stay near the figures (4.8, 9.5, 17.1 %).
	it.each([
		[2, 0.06],
		[4, 0.11],
		[8, 0.19],
	])('%i busy processes with measured send-to-arrival delays: the key stays busy, nobody below half a share', (count, rejectedAtMost) => {
		const runs = POOLED_SEEDS.map((seed) => simulateGrid(busyProcesses(count), 300, seed, { sendToArrivalMs: MEASURED_SEND_TO_ARRIVAL_MS }));
		for (const run of runs) {
			expect(sum(run.accepted) / 300).toBeGreaterThanOrEqual(0.9);
			expect(Math.min(...run.accepted) / sum(run.accepted)).toBeGreaterThanOrEqual(0.5 / count);
		}
		expect(rejectedShare(runs, 0, 300)).toBeLessThanOrEqual(rejectedAtMost);
	});

	// Issue 45: busy workers whose timers fire late for long stretches (CPU-bound Code nodes, garbage
	// collection, a loaded host), beside the jitter and outliers modelled for every process. The sleep
	// before a send is shortened by the lateness seen (wakeTiming.ts), so the grid's goals hold as
	// without it (12 seeds, 300 s, measured delays: 4 processes at 12 ms 9.1 % 429s, worst run 0.93
	// accepted/s; 0/12/30/200 ms 9.3 %, 0.90, worst share 0.51 of an even one; 8 at 12 ms 17.5 %).
	it.each([30, 200])('one process whose timers are %i ms late: every slot once the lateness is learnt, never a 429', (lateMs) => {
		for (const seed of SEEDS) {
			const run = simulateGrid([{ sustainedLateMs: lateMs }], 300, seed);
			expect(run.rejected[0]).toBe(0);
			expect(run.acceptedBetween(0, 40, 300)).toBeGreaterThanOrEqual(Math.floor((260_000 / SLOT_MS) * 0.98));
		}
	});

	it.each([
		['4 processes, each 12 ms late', [12, 12, 12, 12], 0.11],
		['4 processes, 0, 12, 30 and 200 ms late', [0, 12, 30, 200], 0.11],
		['8 processes, each 12 ms late', [12, 12, 12, 12, 12, 12, 12, 12], 0.19],
	])('%s (measured delays): the key stays busy, nobody below half a share, 429s as on time', (_label, lateness, rejectedAtMost) => {
		const processes = lateness.map((sustainedLateMs) => ({ sustainedLateMs }));
		const runs = POOLED_SEEDS.map((seed) => simulateGrid(processes, 300, seed, { sendToArrivalMs: MEASURED_SEND_TO_ARRIVAL_MS }));
		for (const run of runs) {
			expect(sum(run.accepted) / 300).toBeGreaterThanOrEqual(0.88);
			expect(Math.min(...run.accepted) / sum(run.accepted)).toBeGreaterThanOrEqual(0.5 / processes.length);
			expect(run.minGapMs).toBeGreaterThanOrEqual(1_000);
		}
		expect(rejectedShare(runs, 0, 300)).toBeLessThanOrEqual(rejectedAtMost);
	});

	// Issue 25's goals over 10 minutes of busy processes, under the measured delays: the start-up's 429s and
	// unequal first split weigh half as much as over 5 (48 seeds: 7.9 % and 13.4 % of requests pooled, 3 of
	// 48 runs of 8 above 15 %; worst share ratio 1.94 with 4, 1.77 with 8). The bench's two 600 s runs: 8.8
	// and 7.4 % with 4, 14.2 and 13.4 % with 8 (docs/queue-mode.md, "Ten-minute arms").
	it.each([
		[4, 0.1],
		[8, 0.15],
	])('%i busy processes over 10 minutes with measured delays: the goals of issue 25', (count, rejectedAtMost) => {
		const runs = seedsOf(48).map((seed) => simulateGrid(busyProcesses(count), 600, seed, { sendToArrivalMs: MEASURED_SEND_TO_ARRIVAL_MS }));
		for (const run of runs) {
			expect(sum(run.accepted) / 600).toBeGreaterThanOrEqual(0.9);
			expect(Math.max(...run.accepted) / Math.min(...run.accepted)).toBeLessThanOrEqual(2);
		}
		expect(rejectedShare(runs, 0, 600)).toBeLessThanOrEqual(rejectedAtMost);
	});

	it('a trigger poll in main gets through within seconds beside 8 busy workers, and its slots go back', () => {
		const trigger: SimulatedProcess = { polls: { requests: 2, everySeconds: 60, fromSeconds: 90 } };
		const runs = POOLED_SEEDS.map((seed) => simulateGrid([...busyProcesses(8), trigger], 420, seed));
		for (const run of runs) {
			expect(run.pollSeconds).toHaveLength(6);
			// the workers keep the key busy between polls: the slots a poll took are reclaimed
			expect(sum(run.accepted) / 420).toBeGreaterThanOrEqual(0.9);
		}
		// 72 polls: median 3.3 s, 9 in 10 within 5.6 s, the slowest 8.1 s
		const pollSeconds = runs.flatMap((run) => run.pollSeconds).sort((a, b) => a - b);
		expect(pollSeconds[Math.floor(0.9 * pollSeconds.length)]).toBeLessThanOrEqual(6);
		expect(pollSeconds[pollSeconds.length - 1]).toBeLessThanOrEqual(10);
	});

	it('two workers starting beside a trigger poll in main (the queue-mode test\'s start) leave no residue unused', () => {
		// a worker's run meets the poll's first residue; backing off far, it jumped the free residues beyond,
		// and nobody sent there until a settled probe found them minutes later: 0.80 accepted/s, 0.58 at worst
		const workersAndTrigger: SimulatedProcess[] = [{}, { busy: [[2, 120]] }, { polls: { requests: 3, everySeconds: 60, fromSeconds: 1 } }];
		const perSecond = POOLED_SEEDS.map((seed) => sum(simulateGrid(workersAndTrigger, 120, seed).accepted) / 120);
		expect(sum(perSecond) / perSecond.length).toBeGreaterThanOrEqual(0.85);
		expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(0.75);
	});

	it('a burst split evenly over 2 workers beside a trigger poll: every request once; its tail is the price', () => {
		const burst: SimulatedProcess[] = [{ work: 36 }, { work: 36 }, { polls: { requests: 1, everySeconds: 60, fromSeconds: 1 } }];
		const perSecond = POOLED_SEEDS.map((seed) => {
			const run = simulateGrid(burst, 300, seed);
			expect(run.accepted.slice(0, 2)).toEqual([36, 36]);
			expect(run.minGapMs).toBeGreaterThanOrEqual(1_000);
			return 72 / Math.max(run.lastAcceptedSeconds(0), run.lastAcceptedSeconds(1));
		});
		// 0.73 accepted/s on average, 0.60 at worst: the worker that finishes first leaves its residues to
		// the other only at that one's next probe (docs/queue-mode.md, "What it cannot do")
		expect(sum(perSecond) / perSecond.length).toBeGreaterThanOrEqual(0.7);
		expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(0.55);
	});

	it('a process left alone takes over the slots of processes that went quiet', () => {
		for (const seed of SEEDS) {
			const quietFrom120To300: SimulatedProcess = { busy: [[0, 120]] };
			const run = simulateGrid([{}, ...Array.from({ length: 3 }, () => quietFrom120To300)], 300, seed);
			// it held about a quarter of the key at 120 s; by the last minute it has all of it
			expect(run.acceptedBetween(0, 60, 120)).toBeLessThan(25);
			expect(run.acceptedBetween(0, 240, 300)).toBeGreaterThanOrEqual(Math.floor((0.95 * 60_000) / SLOT_MS));
		}
	});

	it('sends a poorer process earlier within a slot: the offset level grows with the residues held', () => {
		const levels = Array.from({ length: SLOTS_PER_CYCLE + 1 }, (_, holdings) => levelOf(holdings));
		expect(levels.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
		levels.slice(1).forEach((level, index) => expect(level).toBeGreaterThanOrEqual(levels[index]));
	});
});

describe('clock grid in the limiter', () => {
	function fakeClock(): EngineDeps {
		let now = 1_800_000_000_000;
		return {
			now: () => now,
			sleep: async (ms) => {
				await new Promise((resolve) => setImmediate(resolve));
				now += ms;
			},
			random: () => 0,
			pollIntervalMs: 10_000,
			spacingMs: 1_010,
		};
	}

	/** When each of `requests` turns in a row on a fresh key sent, each answered `answerMs` later. */
	async function sendTimes(requests: number, answerMs: number): Promise<number[]> {
		const clock = fakeClock();
		const key = `grid-${Math.random()}`;
		const sentAt: number[] = [];
		for (let request = 0; request < requests; request++) {
			const endOfTurn = await takeSendTurn(key, 'execution 1', clock, true);
			sentAt.push(clock.now());
			await clock.sleep(answerMs);
			endOfTurn(200);
		}
		return sentAt;
	}

	it('sends at the start of a slot, a few milliseconds in, and a slot apart once the answers come back', async () => {
		const sentAt = await sendTimes(4, 5);
		sentAt.forEach((time) => expect(time % SLOT_MS).toBeLessThan(40));
		const slots = sentAt.map((time) => Math.floor(time / SLOT_MS));
		expect(slots.slice(1).map((slot, index) => slot - slots[index])).toEqual([1, 1, 1]);
	});

	it('answers 100 ms late still leave the process every slot of a run it holds, bar one in about eight', async () => {
		const slots = (await sendTimes(100, 100)).map((time) => Math.floor(time / SLOT_MS));
		// once the cycle is held (after the first two); sending only on time, every gap was 2 slots
		const lastGaps = slots.slice(60).map((slot, index) => slot - slots[59 + index]);
		expect(lastGaps.filter((gap) => gap === 1).length).toBeGreaterThanOrEqual(0.8 * lastGaps.length);
		expect(Math.max(...lastGaps)).toBe(2);
	});

	it('answers a 429 on the grid with no back-off of its own: only the service\'s Retry-After', () => {
		const rejected = { kind: 'response', status: 429, body: {} } as const;
		expect(retryDecision('GET', rejected, 1, () => 0.9, 60_000, true)).toEqual({ retry: true, delayMs: 0, pausesKey: true });
		expect(retryDecision('GET', { ...rejected, retryAfterSeconds: 2 }, 3, () => 0.9, 60_000, true)).toEqual({
			retry: true,
			delayMs: 2_000,
			pausesKey: true,
		});
		// Max Wait still bounds it
		expect(retryDecision('GET', { ...rejected, retryAfterSeconds: 2 }, 3, () => 0.9, 1_000, true)).toEqual({ retry: false });
	});
});
