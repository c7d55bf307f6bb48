import { REQUEST_SPACING_MS } from '../../nodes/shared/transport/sending/clock';
import { SLOT_MS, SlotGrid, type SlotPlan } from '../../nodes/shared/transport/sending/slotGrid';
import { WakeTiming } from '../../nodes/shared/transport/sending/wakeTiming';
import { Random } from '../../sandbox/shared/random';

/**
 * Processes sharing one key on the clock grid, in virtual time: each plans as the engine's limiter
 * does (not before its previous answer plus the spacing; its sleeps shortened by the lateness seen, a
 * wake-up too late plans again, at most twice in a row: wakeTiming.ts), wakes up with timer jitter (now
 * and then tens of milliseconds late) on top of any sustained lateness of its own, and meets a
 * service that accepts a request 1 s after the previous accepted one. Deterministic for a seed.
 */
export interface SimulatedProcess {
	/** when it has requests to send: [from, to) in virtual seconds; always when absent */
	busy?: Array<[number, number]>;
	/** a trigger poll: this many requests every `everySeconds`, from `fromSeconds` */
	polls?: { requests: number; everySeconds: number; fromSeconds: number };
	/** a loaded worker: each answer reaches it between this many ms and twice as many late */
	slowAnswersMs?: number;
	/** a worker's share of a burst: it goes quiet after this many accepted requests */
	work?: number;
	/** a busy process: each of its wake-ups is this many ms late, on top of the jitter */
	sustainedLateMs?: number;
}

export interface SimulationOptions {
	/**
	 * Milliseconds from a send's planned moment to its arrival at the service, drawn from these measured
	 * values (test/support/measuredArrivals.ts) instead of 0.5-2.5 ms after the wake-up. The mean of the
	 * wake-up lateness modelled here is taken out, since the measurement includes it.
	 */
	sendToArrivalMs?: readonly number[];
}

export interface SimulatedRun {
	/** accepted requests and 429s per process */
	accepted: number[];
	rejected: number[];
	/** accepted requests per process within [from, to) virtual seconds */
	acceptedBetween(process: number, fromSeconds: number, toSeconds: number): number;
	/** 429s of all processes within [from, to) */
	rejectedBetween(fromSeconds: number, toSeconds: number): number;
	acceptedTotalBetween(fromSeconds: number, toSeconds: number): number;
	/** per poll: seconds from its start to its last request's acceptance */
	pollSeconds: number[];
	/** shortest gap between accepted requests, in ms */
	minGapMs: number;
	/** virtual seconds from the start to the process's last accepted request (NaN when none) */
	lastAcceptedSeconds(process: number): number;
	grids: SlotGrid[];
}

const T0 = 1_800_000_000_000;

/** The mean of the timer lateness modelled below (0-3 ms, now and then tens of ms): part of any measured arrival. */
const MEAN_WAKE_LATENESS_MS = 1.5;

export function simulateGrid(processes: SimulatedProcess[], seconds: number, seed: number, options: SimulationOptions = {}): SimulatedRun {
	const generator = new Random(seed);
	const random = () => generator.next();
	const events: Array<{ at: number; run: () => void }> = [];
	const schedule = (at: number, run: () => void) => {
		let index = events.length;
		while (index > 0 && events[index - 1].at > at) index--;
		events.splice(index, 0, { at, run });
	};
	let now = T0;
	let lastAccepted = Number.NEGATIVE_INFINITY;
	let minGapMs = Number.POSITIVE_INFINITY;
	const acceptedAt = processes.map(() => [] as number[]);
	const rejectedAt: number[] = [];
	const rejected = processes.map(() => 0);
	const pollSeconds: number[] = [];
	const grids = processes.map(() => new SlotGrid());
	const timings = processes.map(() => new WakeTiming());
	const pending = processes.map(() => 0);
	const pollStarted = processes.map(() => 0);
	const lastAnswer = processes.map(() => Number.NEGATIVE_INFINITY);
	const secondsNow = () => (now - T0) / 1000;
	const busy = (index: number) => {
		const simulated = processes[index];
		if (simulated.polls) return pending[index] > 0;
		if (simulated.work !== undefined && acceptedAt[index].length >= simulated.work) return false;
		return !simulated.busy || simulated.busy.some(([from, to]) => secondsNow() >= from && secondsNow() < to);
	};
	const nextBusyStart = (index: number) =>
		processes[index].busy?.map(([from]) => from).find((from) => from > secondsNow());

	/** `plan` undefined: a send so late that it left its slot, whose answer the grid is not told */
	const serve = (index: number, plan: SlotPlan | undefined) => {
		const measured = options.sendToArrivalMs;
		const toWire = measured
			? Math.max(0.3, measured[Math.floor(random() * measured.length)] - MEAN_WAKE_LATENESS_MS)
			: 0.5 + 2 * random();
		const arrival = now + toWire;
		schedule(arrival, () => {
			const accepted = arrival - lastAccepted >= 1_000;
			if (accepted) {
				minGapMs = Math.min(minGapMs, arrival - lastAccepted);
				lastAccepted = arrival;
				acceptedAt[index].push(arrival);
			} else {
				rejectedAt.push(arrival);
				rejected[index] += 1;
			}
			const { slowAnswersMs } = processes[index];
			const slowness = slowAnswersMs ? slowAnswersMs * (1 + random()) : 0;
			schedule(arrival + 1 + 4 * random() + slowness, () => {
				if (plan) grids[index].answered(plan, accepted ? 200 : 429, random);
				lastAnswer[index] = now;
				if (accepted && processes[index].polls) {
					pending[index] -= 1;
					if (pending[index] === 0) pollSeconds.push((now - pollStarted[index]) / 1000);
				}
				step(index);
			});
		});
	};
	const step = (index: number): void => {
		if (now - T0 >= seconds * 1000) return;
		if (!busy(index)) {
			const resume = nextBusyStart(index);
			if (resume !== undefined) schedule(T0 + resume * 1000, () => step(index));
			return;
		}
		const spacedUntil = lastAnswer[index] + REQUEST_SPACING_MS;
		wakeFor(index, grids[index].plan(Math.max(now, spacedUntil), random, spacedUntil > now));
	};
	const lateness = (index: number) => (processes[index].sustainedLateMs ?? 0) + (random() < 0.02 ? 20 + 60 * random() : 3 * random());
	/** as the limiter's waitForSlot: sleeps shortened by the lead until the planned moment, then send or plan again */
	const wakeFor = (index: number, plan: SlotPlan): void => {
		const timing = timings[index];
		const askedAt = now + Math.max(0, timing.sleepFor(plan.sendAt, now));
		schedule(askedAt + lateness(index), () => {
			timing.woke(askedAt, now);
			if (now < plan.sendAt) wakeFor(index, plan);
			else if (!timing.maySend(plan, now)) step(index);
			else serve(index, now < (plan.slot + 1) * SLOT_MS ? plan : undefined);
		});
	};
	processes.forEach((simulated, index) => {
		if (simulated.polls) {
			const { requests, everySeconds, fromSeconds } = simulated.polls;
			for (let at = fromSeconds; at < seconds; at += everySeconds) {
				schedule(T0 + at * 1000, () => {
					pending[index] = requests;
					pollStarted[index] = now;
					step(index);
				});
			}
		} else {
			schedule(T0 + 50 * random(), () => step(index));
		}
	});
	while (events.length > 0) {
		const event = events.shift()!;
		now = event.at;
		event.run();
	}
	const within = (times: number[], from: number, to: number) =>
		times.filter((time) => time >= T0 + from * 1000 && time < T0 + to * 1000).length;
	return {
		accepted: acceptedAt.map((times) => times.length),
		rejected,
		acceptedBetween: (index, from, to) => within(acceptedAt[index], from, to),
		rejectedBetween: (from, to) => within(rejectedAt, from, to),
		acceptedTotalBetween: (from, to) => acceptedAt.reduce((sum, times) => sum + within(times, from, to), 0),
		pollSeconds,
		minGapMs,
		lastAcceptedSeconds: (index) => (acceptedAt[index].length > 0 ? (acceptedAt[index][acceptedAt[index].length - 1] - T0) / 1000 : Number.NaN),
		grids,
	};
}
