/**
 * The clock grid for a key that several n8n processes share (queue mode). Processes cannot see each
 * other; they share the clock and the service's answers. Time is cut into slots a little longer than
 * the service's second, numbered from the epoch; a slot's number modulo SLOTS_PER_CYCLE is its
 * residue. A process sends in the residues it holds: a 2xx there means the residue is its own, a 429
 * that another process sent first. docs/queue-mode.md gives the design, why it converges, and figures.
 *
 * - Within a slot, the process that would hold fewer residues sends a few milliseconds earlier, so a
 *   probe for a residue held by another process wins only against a clearly richer one. The split
 *   moves towards even, one 429 for the loser of each move.
 * - A probe that wins is followed by another at once (free residues are taken in one cycle); one that
 *   loses backs off, doubling up to a pause that shrinks with the share held. Summed over the
 *   processes, losing probes then come about once per PROBE_PACE_PER_SHARE slots, whatever their number.
 * - A residue lost to a probe is tried again a cycle later, last in its slot: the prober may have been
 *   a trigger poll that sent a request or two and went quiet. A residue a process has not used for
 *   RELEASE_AFTER_SLOTS is let go: the process went quiet.
 * - A send late into its slot crowds only the next slot's holder. When that is the process itself, the
 *   send may go out any time within its slot: a busy worker whose answers come back slowly (the
 *   spacing runs from the previous answer) would otherwise lose every other slot of a run it holds.
 */

/** The service's second, plus the largest send offset below, plus timer jitter. */
export const SLOT_MS = 1_045;
export const SLOTS_PER_CYCLE = 32;
/** A wake-up later than this into its planned moment could crowd the next slot: the send is planned again. */
const LATE_SEND_MS = 8;
/**
 * How late into its slot a send may go when the next slot is the process's own. Below the spacing less
 * the largest offset, so a slot the process has sent in is never taken twice.
 */
const LATEST_IN_OWN_RUN_MS = 500;

const OFFSET_BASE_MS = 2;
const OFFSET_STEP_MS = 3;
/** Residues held from which each offset level starts: one level up is a share about 1.5 times larger. */
const LEVEL_FLOORS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17];
/** A probe sends half a level later than a holder of its level: a tie stays with the holder. */
const PROBE_LEVEL_MARGIN = 0.5;
const RECLAIM_LEVEL = LEVEL_FLOORS.length + PROBE_LEVEL_MARGIN;

/**
 * A process holding at most POOR_HOLDINGS residues (a trigger poll in main, a worker just started) must
 * get in: it probes again soon after a loss. Without any, it picks its probe at random among the next
 * few open slots, twice as many after each loss, so processes starting together spread out.
 */
const POOR_HOLDINGS = 1;
const POOR_BACKOFF_SLOTS = 2;
const STARVED_PROBE_CHOICES = 3;
const STARVED_CHOICE_DOUBLINGS = 4;
const FIRST_BACKOFF_SLOTS = 16;
const LONGEST_BACKOFF_SLOTS = 160;
/** The longest back-off is this many slots per share held (1 / SLOTS_PER_CYCLE of the key). */
const PROBE_PACE_PER_SHARE = 24;
/** A residue found taken is not probed again for this long. */
const AVOID_SLOTS = 4 * SLOTS_PER_CYCLE;
const RELEASE_AFTER_SLOTS = SLOTS_PER_CYCLE + 8;

export interface SlotPlan {
	slot: number;
	/** epoch milliseconds to send at */
	sendAt: number;
	/** a wake-up later than this plans again */
	latestSendAt: number;
	kind: 'held' | 'probe' | 'reclaim';
}

const residueOf = (slot: number) => ((slot % SLOTS_PER_CYCLE) + SLOTS_PER_CYCLE) % SLOTS_PER_CYCLE;

export function levelOf(holdings: number): number {
	let level = 0;
	while (level + 1 < LEVEL_FLOORS.length && holdings >= LEVEL_FLOORS[level + 1]) level++;
	return level;
}

export class SlotGrid {
	/** residue → the last slot it was planned for */
	private readonly held = new Map<number, number>();
	/** residue → the slot until which it is left alone */
	private readonly avoided = new Map<number, number>();
	/** residue lost to a probe → the slot from which it is tried again */
	private readonly reclaims = new Map<number, number>();
	private probesFromSlot = 0;
	private backoffSlots = 0;
	/** probes lost in a row while holding nothing */
	private starvedLosses = 0;
	/** the current plan's `spacedFromAnswer` */
	private mayRunLate = false;

	/**
	 * The next send not before `notBefore`: a slot held, or an earlier probe. `spacedFromAnswer`: what
	 * holds the send back is the spacing from the previous answer (or a pause), which a slow answer pushes past the
	 * slot's start; only then may a send run late within the process's own run (a late wake-up skips).
	 */
	plan(notBefore: number, random: () => number, spacedFromAnswer = false): SlotPlan {
		this.mayRunLate = spacedFromAnswer;
		const firstSlot = Math.floor(notBefore / SLOT_MS);
		const horizon = firstSlot + SLOTS_PER_CYCLE + 1;
		for (const [residue, plannedIn] of this.held) {
			if (firstSlot - plannedIn > RELEASE_AFTER_SLOTS) this.held.delete(residue);
		}
		// a held slot missed because the previous answer came late is still in use: only quiet ones go
		if (this.held.has(residueOf(firstSlot))) this.held.set(residueOf(firstSlot), firstSlot);
		const heldSlot = this.slots(firstSlot, horizon, 'held', notBefore, 1, (slot) => this.held.has(residueOf(slot)))[0];
		const until = heldSlot ?? horizon;

		for (const [residue, from] of this.reclaims) {
			const [slot] = this.slots(Math.max(firstSlot, from), until, 'reclaim', notBefore, 1, (candidate) => residueOf(candidate) === residue);
			if (slot !== undefined) {
				this.reclaims.delete(residue);
				return this.planFor(slot, 'reclaim', notBefore);
			}
		}
		const starved = this.held.size === 0;
		const open = (slot: number) =>
			!this.held.has(residueOf(slot)) && (starved || (this.avoided.get(residueOf(slot)) ?? -1) < slot);
		const probeFrom = Math.max(firstSlot, this.probesFromSlot);
		const count = starved ? STARVED_PROBE_CHOICES * 2 ** this.starvedLosses : 1;
		const choices = this.slots(probeFrom, starved ? horizon : until, 'probe', notBefore, count, open);
		if (choices.length > 0) return this.planFor(choices[Math.floor(random() * choices.length)], 'probe', notBefore);
		if (heldSlot !== undefined) {
			// planned counts as used: a send planned again after a late wake-up keeps its residue
			this.held.set(residueOf(heldSlot), heldSlot);
			return this.planFor(heldSlot, 'held', notBefore);
		}
		return this.planFor(Math.max(probeFrom, firstSlot + 1), 'probe', notBefore);
	}

	/** The service's answer to the request of `plan`. */
	answered(plan: SlotPlan, status: number, random: () => number): void {
		const residue = residueOf(plan.slot);
		if (status !== 429) {
			this.starvedLosses = 0;
			this.held.set(residue, plan.slot);
			this.avoided.delete(residue);
			if (plan.kind === 'probe') {
				this.backoffSlots = Math.floor(this.backoffSlots / 2);
				this.probesFromSlot = plan.slot + 1;
			}
			return;
		}
		this.avoided.set(residue, plan.slot + AVOID_SLOTS);
		if (plan.kind === 'held') {
			this.held.delete(residue);
			this.reclaims.set(residue, plan.slot + SLOTS_PER_CYCLE);
			return;
		}
		this.reclaims.delete(residue);
		if (plan.kind === 'reclaim') return;
		const holdings = this.held.size;
		if (holdings === 0) this.starvedLosses = Math.min(STARVED_CHOICE_DOUBLINGS, this.starvedLosses + 1);
		const longest =
			holdings <= POOR_HOLDINGS
				? POOR_BACKOFF_SLOTS
				: Math.min(LONGEST_BACKOFF_SLOTS, Math.ceil((PROBE_PACE_PER_SHARE * SLOTS_PER_CYCLE) / holdings));
		this.backoffSlots = Math.min(longest, Math.max(FIRST_BACKOFF_SLOTS, 2 * this.backoffSlots));
		// at random within the back-off, so processes that lost together do not probe together again
		this.probesFromSlot = plan.slot + 1 + Math.floor(this.backoffSlots * (0.5 + random() / 2));
	}

	get holdings(): number {
		return this.held.size;
	}

	private planFor(slot: number, kind: SlotPlan['kind'], notBefore: number): SlotPlan {
		const onTime = this.sendTime(slot, kind);
		return { slot, kind, ...(this.sendWindow(slot, kind, notBefore) ?? { sendAt: onTime, latestSendAt: onTime + LATE_SEND_MS }) };
	}

	/** On time, or later within the slot when the next one is the process's own; none when `notBefore` is past both. */
	private sendWindow(slot: number, kind: SlotPlan['kind'], notBefore: number): Pick<SlotPlan, 'sendAt' | 'latestSendAt'> | undefined {
		const onTime = this.sendTime(slot, kind);
		if (onTime >= notBefore) return { sendAt: onTime, latestSendAt: onTime + LATE_SEND_MS };
		if (this.mayRunLate && this.held.has(residueOf(slot + 1)) && notBefore - onTime <= LATEST_IN_OWN_RUN_MS) {
			return { sendAt: notBefore, latestSendAt: (slot + 1) * SLOT_MS };
		}
		return undefined;
	}

	/** Later the more residues the process would hold, so the poorer sender of a contested slot is first. */
	private sendTime(slot: number, kind: SlotPlan['kind']): number {
		const level =
			kind === 'held'
				? levelOf(this.held.size)
				: kind === 'probe'
					? levelOf(this.held.size + 1) + PROBE_LEVEL_MARGIN
					: RECLAIM_LEVEL;
		return slot * SLOT_MS + OFFSET_BASE_MS + OFFSET_STEP_MS * level;
	}

	/** Up to `count` slots in [from, until) that `wanted` accepts and that can still be sent in from `notBefore`. */
	private slots(
		from: number,
		until: number,
		kind: SlotPlan['kind'],
		notBefore: number,
		count: number,
		wanted: (slot: number) => boolean,
	): number[] {
		const found: number[] = [];
		for (let slot = from; slot < until && found.length < count; slot++) {
			if (wanted(slot) && this.sendWindow(slot, kind, notBefore)) found.push(slot);
		}
		return found;
	}
}
