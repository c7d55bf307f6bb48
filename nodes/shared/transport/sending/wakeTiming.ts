import type { SlotPlan } from './slotGrid';

/**
 * How a process on the clock grid wakes for its planned sends. A busy process's timers fire late
 * (CPU-bound Code nodes, garbage collection, a loaded host), often by about the same amount for long
 * stretches. The grid wants a send a few milliseconds into its slot, so a process whose every wake-up
 * came 12 ms late would plan again forever and never send. Two rules end that:
 * - the sleep before a send is shortened by the lateness seen lately: the least of the last few
 *   wake-ups, so that one outlier does not make the next ones wake early. A few milliseconds of
 *   jitter are left alone: the grid's send window allows for them, and its offsets were tuned on them;
 * - a wake-up too late for its plan plans again at most MAX_LATE_REPLANS times in a row; the next one
 *   sends late. The grid is a preference; what keeps the key at one request per second at the wire
 *   is the spacing from the previous answer, which every send still waits for.
 */
const RECENT_WAKEUPS = 8;
/**
 * Lateness up to this is jitter the send window takes (slotGrid.ts allows 8 ms): the lead is what is
 * seen beyond it, so a wake-up lands a little after its moment, rarely before (which costs a sleep).
 */
const JITTER_MS = 3;
/** Sustained lateness beyond this is not made up for: the process then sends late into its slot. */
const LONGEST_LEAD_MS = 500;
export const MAX_LATE_REPLANS = 2;

export class WakeTiming {
	/** how late recent wake-ups were, newest last */
	private readonly recentLateness: number[] = [];
	private lateInARow = 0;

	/** How much earlier than a planned moment to ask to be woken. */
	get leadMs(): number {
		if (this.recentLateness.length === 0) return 0;
		const sustained = Math.min(...this.recentLateness);
		return Math.min(LONGEST_LEAD_MS, Math.max(0, sustained - JITTER_MS));
	}

	/** How long to sleep now to wake at `at`: shortened by the lead, unless what is left is within it. */
	sleepFor(at: number, now: number): number {
		const left = at - now;
		return left > this.leadMs ? left - this.leadMs : left;
	}

	/** A wake-up asked for `askedAt` came at `wokeAt`. */
	woke(askedAt: number, wokeAt: number): void {
		this.recentLateness.push(Math.max(0, wokeAt - askedAt));
		if (this.recentLateness.length > RECENT_WAKEUPS) this.recentLateness.shift();
	}

	/** Whether a wake-up at `now` (not before `plan.sendAt`) sends for `plan`, or plans again. */
	maySend(plan: SlotPlan, now: number): boolean {
		if (now <= plan.latestSendAt || this.lateInARow >= MAX_LATE_REPLANS) {
			this.lateInARow = 0;
			return true;
		}
		this.lateInARow += 1;
		return false;
	}
}
