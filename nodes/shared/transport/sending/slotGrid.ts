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
 *   loses backs off, doubling up to a longest pause. A process's first loss ever is mostly its run
 *   meeting another's first slot, with free residues often just beyond: it backs off very briefly.
 *   While a process is new (its first FRESH_SLOTS), a later loss is mostly a collision with another
 *   new process over a free residue: it backs off briefly. Afterwards a loss means the residue's
 *   holder is not clearly richer, so the split is about even: the first back-off is long, in
 *   proportion to the residues held.
 * - Processes starting together pay most of the 429s: every extra sender in a slot is one 429. A process
 *   that has never held anything picks its first probe among a few more slots (FIRST_PROBE_CHOICES);
 *   one that has lost before while NEWBORN_SLOTS old knows it started in a crowd: a starter that lost
 *   jumps to one of the next NEWBORN_STARVED_CHOICES open slots (away from the winner's run), and a
 *   process holding one residue that loses again sits out NEWBORN_POOR_BACKOFF_SLOTS, leaving the
 *   first cycle to the others' runs. A process alone never loses, so none of this slows it.
 * - The longest pause is PROBE_PACE_PER_SHARE slots times the number of processes an even split at the
 *   process's holdings implies, so that summed over the processes losing probes come at about the
 *   same rate whatever their number; but at least RICH_LONGEST_BACKOFF_SLOTS (a process holding much
 *   would probe often, each probe a 429 while every process is busy; the price is that a process left
 *   alone finds the freed residues only at its next probe), and shorter for a process holding very
 *   little (it is likely below its share and its probes likely win).
 * - A probe after a loss goes, among the open slots before the next held one, to the residue lost at
 *   least recently (next to a lost probe counts as lost: residues are taken in runs, and a run's
 *   holder is as poor as the residue's).
 * - A held residue lost to a probe is evidence that this process is richer than the prober: the
 *   process's own probes pause for its longest back-off (they would lose against even holders), and
 *   the next one or two residues of its run are let go to the prober, who would take them anyway with
 *   a 429 each. Every residue given up this way is tried again a cycle later, last in its slot (a
 *   reclaim): the prober may have been a trigger poll that sent a request or two and went quiet.
 *   When a reclaim loses, the prober stayed: the other pending reclaims are dropped. A reclaim never
 *   delays an earlier probe.
 * - A probe that followed a win but woke up too late is tried again a cycle later like a reclaim: the
 *   residue is probably free and nobody else may probe it for minutes. A residue a process has not
 *   used for RELEASE_AFTER_SLOTS is let go: the process went quiet.
 * - A send late into its slot crowds only the next slot's holder. When that is the process itself, the
 *   send may go out any time within its slot: a busy worker whose answers come back slowly (the
 *   spacing runs from the previous answer) would otherwise lose every other slot of a run it holds.
 *   A held send whose wake-up came late may too, when its run is long enough to catch up before the
 *   next holder's slot: alone, a process otherwise lost a slot to about one wake-up in fifty.
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
/**
 * A late wake-up sends late within its own run only when the run is long enough to catch up: each
 * slot's send can go this much earlier after the previous one (the slot less the spacing and a quick
 * answer), and the run's last send must be on time again, or it would crowd the next holder.
 */
const CATCH_UP_PER_SLOT_MS = 25;

const OFFSET_BASE_MS = 2;
const OFFSET_STEP_MS = 3;
/** Residues held from which each offset level starts: one level up is a share about 1.5 times larger. */
const LEVEL_FLOORS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17];
/** A probe sends half a level later than a holder of its level: a tie stays with the holder. */
const PROBE_LEVEL_MARGIN = 0.5;
const RECLAIM_LEVEL = LEVEL_FLOORS.length + PROBE_LEVEL_MARGIN;

/**
 * A process holding at most POOR_HOLDINGS residues (a trigger poll in main, a worker just started) must
 * get in: it probes again soon after a loss, the pause doubling from POOR_BACKOFF_SLOTS up to
 * POOR_LONGEST_SLOTS. Without any, it picks its probe at random among the next few open slots, twice
 * as many after each loss, so processes starting together spread out.
 */
const POOR_HOLDINGS = 1;
const POOR_BACKOFF_SLOTS = 3;
const POOR_LONGEST_SLOTS = 16;
const STARVED_PROBE_CHOICES = 3;
const STARVED_CHOICE_DOUBLINGS = 4;
/** A process that has never held anything: its first probe goes among this many open slots. */
const FIRST_PROBE_CHOICES = 4;
/**
 * A process's first slots of life. A loss there after an earlier loss means processes started
 * together: a starter that lost picks among NEWBORN_STARVED_CHOICES open slots (the slots right after
 * a lost one are the winner's run), and a process holding one residue backs off
 * NEWBORN_POOR_BACKOFF_SLOTS so that it stops running into the starters' first probes.
 */
const NEWBORN_SLOTS = 40;
const NEWBORN_STARVED_CHOICES = 16;
const NEWBORN_POOR_BACKOFF_SLOTS = 24;
/** A new process: its first slots, and its first back-off after a loss there. */
const FRESH_SLOTS = 20;
const FRESH_BACKOFF_SLOTS = 16;
/**
 * The back-off after a process's first lost probe ever, short: that loss is mostly its run meeting
 * another's first slot or a trigger poll's, often with free residues just beyond. Jumping the fresh
 * back-off over them left them unused until a settled probe found them, minutes later.
 */
const FIRST_LOSS_BACKOFF_SLOTS = 6;
/** Afterwards: the first back-off is this many slots per residue held (at least the fresh one). */
const SETTLED_BACKOFF_PER_HOLDING = 12;
/**
 * The longest back-off is this many slots times SLOTS_PER_CYCLE / holdings: the processes' losing
 * probes then add up to about one per this many slots, however many share the key...
 */
const PROBE_PACE_PER_SHARE = 18;
/**
 * ...but at least this long: with two processes (16 residues each) that pace is a probe every 36 slots,
 * each a 429 while both are busy. The price: a process left alone finds the freed residues only at its
 * next probe, up to this many slots later (docs/queue-mode.md, "What it cannot do")...
 */
const RICH_LONGEST_BACKOFF_SLOTS = 80;
/** ...and at most this many slots times the square of the residues held: a process holding 2 or 3 is likely poor. */
const POOR_PACE = 9;
/** Back-offs are drawn from [1 - jitter, 1] of their length: while new, widely, so that colliding processes part. */
const FRESH_JITTER = 0.5;
const SETTLED_JITTER = 0.1;
/** A residue found taken is not probed again for this long. */
const AVOID_SLOTS = 4 * SLOTS_PER_CYCLE;
/** Residues this close to one lost by a probe are probed last. */
const SUSPECT_NEIGHBOURS = 2;
const RELEASE_AFTER_SLOTS = SLOTS_PER_CYCLE + 8;
/**
 * A held residue lost to a probe: the prober was clearly poorer and its next probes, at once, go to the
 * following residues, where it sends first. Up to YIELD_AFTER_LOSS of them that follow in a run are let
 * go, so the move costs one 429 instead of three, while the process keeps more than YIELD_KEEP: a
 * worker left with one or two residues would itself be poor and delay trigger polls.
 */
const YIELD_AFTER_LOSS = 2;
const YIELD_KEEP = 3;

export interface SlotPlan {
	slot: number;
	/** epoch milliseconds to send at */
	sendAt: number;
	/** a wake-up later than this plans again */
	latestSendAt: number;
	kind: 'held' | 'probe' | 'reclaim';
}

/** The earliest send, and whether the spacing from the previous answer set it (see `SlotGrid.plan`). */
interface Earliest {
	at: number;
	spacedFromAnswer: boolean;
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
	/** residue → the slot until which it is left alone; when past, how recently it was found taken */
	private readonly avoided = new Map<number, number>();
	/** residue lost to a probe → the slot from which it is tried again */
	private readonly reclaims = new Map<number, number>();
	private probesFromSlot = 0;
	private backoffSlots = 0;
	/** probes lost in a row while holding nothing */
	private starvedLosses = 0;
	/** probes lost while holding at most POOR_HOLDINGS, since the process last held nothing */
	private poorLosses = 0;
	private lastProbeLost = false;
	private lastWinSlot = Number.NEGATIVE_INFINITY;
	/** whether the process has ever held a residue */
	private everHeld = false;
	/** probes lost since the process started */
	private lifeLosses = 0;
	/** the first slot the process ever planned */
	private firstEverSlot: number | undefined;
	/** the first slot planned since the process last held nothing */
	private bornSlot: number | undefined;
	/** the last plan, until answered */
	private pending: SlotPlan | undefined;

	/**
	 * The next send not before `notBefore`: a slot held, or an earlier probe. `spacedFromAnswer`: what
	 * holds the send back is the spacing from the previous answer (or a pause), which a slow answer
	 * pushes past the slot's start; then a send may run late within the process's own run (after a late
	 * wake-up, only a held send with room in its run to catch up).
	 */
	plan(notBefore: number, random: () => number, spacedFromAnswer = false): SlotPlan {
		const skipped = this.pending;
		const late = skipped !== undefined && notBefore > skipped.sendAt;
		if (late && skipped.kind === 'probe' && skipped.slot - 1 === this.lastWinSlot) {
			// a probe following a win, planned again after a late wake-up: its residue is likely free
			this.reclaims.set(residueOf(skipped.slot), skipped.slot + SLOTS_PER_CYCLE);
		}
		this.pending = this.next({ at: notBefore, spacedFromAnswer }, late, random);
		return this.pending;
	}

	/** The service's answer to the request of `plan`. */
	answered(plan: SlotPlan, status: number, random: () => number): void {
		this.pending = undefined;
		const residue = residueOf(plan.slot);
		if (status !== 429) {
			this.starvedLosses = 0;
			this.everHeld = true;
			this.held.set(residue, plan.slot);
			this.avoided.delete(residue);
			if (plan.kind === 'probe') {
				this.lastProbeLost = false;
				this.lastWinSlot = plan.slot;
				this.backoffSlots = Math.floor(this.backoffSlots / 2);
				this.probesFromSlot = plan.slot + 1;
			}
			return;
		}
		this.avoided.set(residue, plan.slot + AVOID_SLOTS);
		if (plan.kind === 'held') {
			this.held.delete(residue);
			// the prober may have been a trigger poll that sent a request or two and went quiet
			this.reclaims.set(residue, plan.slot + SLOTS_PER_CYCLE);
			if (this.held.size > POOR_HOLDINGS) {
				// a clearly poorer process took the residue: this one is at or above its share, its probes would lose
				const quiet = this.backoffAfterLoss(this.held.size, true);
				this.backoffSlots = Math.max(this.backoffSlots, quiet);
				this.probesFromSlot = Math.max(this.probesFromSlot, plan.slot + 1 + quiet);
			}
			// the prober goes on at once into the next residues, before this process's sends there: each would be a 429
			for (let distance = 1; distance <= YIELD_AFTER_LOSS; distance++) {
				const next = residueOf(plan.slot + distance);
				if (!this.held.has(next) || this.held.size <= YIELD_KEEP) break;
				this.held.delete(next);
				this.reclaims.set(next, plan.slot + distance + SLOTS_PER_CYCLE);
			}
			return;
		}
		this.reclaims.delete(residue);
		if (plan.kind === 'reclaim') {
			// the prober kept the residue: it is a worker, and so probably are the takers of the others
			this.reclaims.clear();
			return;
		}
		this.lastProbeLost = true;
		this.suspectNeighboursOf(plan.slot);
		const holdings = this.held.size;
		if (holdings === 0) this.starvedLosses = Math.min(STARVED_CHOICE_DOUBLINGS, this.starvedLosses + 1);
		else if (holdings <= POOR_HOLDINGS) this.poorLosses++;
		const settled = holdings > POOR_HOLDINGS && plan.slot - (this.bornSlot ?? plan.slot) >= FRESH_SLOTS;
		this.backoffSlots = this.backoffAfterLoss(holdings, settled);
		this.lifeLosses++;
		if (holdings > 0 && holdings <= POOR_HOLDINGS && this.newborn(plan.slot) && this.lifeLosses > 1) {
			// started in a crowd: the free residues left are being taken by the others' runs
			this.backoffSlots = NEWBORN_POOR_BACKOFF_SLOTS;
		}
		// at random within the back-off, so processes that lost together do not probe together again
		const jitter = settled ? SETTLED_JITTER : FRESH_JITTER;
		this.probesFromSlot = plan.slot + 1 + Math.floor(this.backoffSlots * (1 - jitter + jitter * random()));
	}

	/** Residues are taken in runs: the neighbours of a residue a probe lost are probed last. */
	private suspectNeighboursOf(slot: number): void {
		for (let distance = 1; distance <= SUSPECT_NEIGHBOURS; distance++) {
			for (const neighbour of [residueOf(slot + distance), residueOf(slot - distance)]) {
				if (!this.held.has(neighbour) && (this.avoided.get(neighbour) ?? Number.NEGATIVE_INFINITY) < slot) {
					this.avoided.set(neighbour, slot);
				}
			}
		}
	}

	private backoffAfterLoss(holdings: number, settled: boolean): number {
		if (holdings === 0) return POOR_BACKOFF_SLOTS;
		if (holdings <= POOR_HOLDINGS) return Math.min(POOR_LONGEST_SLOTS, POOR_BACKOFF_SLOTS * 2 ** (this.poorLosses - 1));
		const longest = Math.min(
			POOR_PACE * holdings * holdings,
			Math.max(RICH_LONGEST_BACKOFF_SLOTS, Math.ceil((PROBE_PACE_PER_SHARE * SLOTS_PER_CYCLE) / holdings)),
		);
		const freshBackoff = this.lifeLosses === 0 ? FIRST_LOSS_BACKOFF_SLOTS : FRESH_BACKOFF_SLOTS;
		const first = settled ? Math.max(FRESH_BACKOFF_SLOTS, SETTLED_BACKOFF_PER_HOLDING * holdings) : freshBackoff;
		return Math.min(longest, Math.max(first, 2 * this.backoffSlots));
	}

	/** Among how many open slots a process holding nothing picks its next probe. */
	private starvedProbeChoices(probeFrom: number, late: boolean): number {
		// after a late wake-up, the next open slot: the spread was drawn already
		if (late) return 1;
		if (this.starvedLosses > 0 && this.newborn(probeFrom)) return NEWBORN_STARVED_CHOICES;
		if (!this.everHeld) return FIRST_PROBE_CHOICES;
		return STARVED_PROBE_CHOICES * 2 ** this.starvedLosses;
	}

	private newborn(slot: number): boolean {
		return this.firstEverSlot !== undefined && slot - this.firstEverSlot < NEWBORN_SLOTS;
	}

	get holdings(): number {
		return this.held.size;
	}

	/** What `plan` plans: a reclaim or a probe before the next held slot, else that slot. */
	private next(earliest: Earliest, late: boolean, random: () => number): SlotPlan {
		const firstSlot = Math.floor(earliest.at / SLOT_MS);
		this.firstEverSlot ??= firstSlot;
		const horizon = firstSlot + SLOTS_PER_CYCLE + 1;
		for (const [residue, plannedIn] of this.held) {
			if (firstSlot - plannedIn > RELEASE_AFTER_SLOTS) this.held.delete(residue);
		}
		// a held slot missed because the previous answer came late is still in use: only quiet ones go
		if (this.held.has(residueOf(firstSlot))) this.held.set(residueOf(firstSlot), firstSlot);
		const heldSlot = this.slots(firstSlot, horizon, 'held', earliest, 1, (slot) => this.held.has(residueOf(slot)))[0];
		const until = heldSlot ?? horizon;

		let reclaimSlot: number | undefined;
		for (const [residue, from] of this.reclaims) {
			const [slot] = this.slots(Math.max(firstSlot, from), until, 'reclaim', earliest, 1, (candidate) => residueOf(candidate) === residue);
			if (slot !== undefined && (reclaimSlot === undefined || slot < reclaimSlot)) reclaimSlot = slot;
		}
		const starved = this.held.size === 0;
		if (starved) {
			this.poorLosses = 0;
			if (this.reclaims.size === 0) this.bornSlot = undefined;
		}
		this.bornSlot ??= firstSlot;
		const open = (slot: number) =>
			!this.held.has(residueOf(slot)) && (starved || (this.avoided.get(residueOf(slot)) ?? -1) < slot);
		const probeFrom = Math.max(firstSlot, this.probesFromSlot);
		let probeSlot: number | undefined;
		if (starved) {
			const choices = this.slots(probeFrom, horizon, 'probe', earliest, this.starvedProbeChoices(probeFrom, late), open);
			if (choices.length > 0) probeSlot = choices[Math.floor(random() * choices.length)];
		} else if (this.lastProbeLost && this.held.size > POOR_HOLDINGS) {
			// the open slot before the next held one whose residue was found taken least recently
			const lostAt = (slot: number) => this.avoided.get(residueOf(slot)) ?? Number.NEGATIVE_INFINITY;
			for (const slot of this.slots(probeFrom, until, 'probe', earliest, SLOTS_PER_CYCLE, open)) {
				if (probeSlot === undefined || lostAt(slot) < lostAt(probeSlot)) probeSlot = slot;
			}
		} else {
			probeSlot = this.slots(probeFrom, until, 'probe', earliest, 1, open)[0];
		}
		if (reclaimSlot !== undefined && (probeSlot === undefined || reclaimSlot < probeSlot)) {
			this.reclaims.delete(residueOf(reclaimSlot));
			return this.planFor(reclaimSlot, 'reclaim', earliest);
		}
		if (probeSlot !== undefined) return this.planFor(probeSlot, 'probe', earliest);
		if (heldSlot !== undefined) {
			// planned counts as used: a send planned again after a late wake-up keeps its residue
			this.held.set(residueOf(heldSlot), heldSlot);
			return this.planFor(heldSlot, 'held', earliest);
		}
		return this.planFor(Math.max(probeFrom, firstSlot + 1), 'probe', earliest);
	}

	private planFor(slot: number, kind: SlotPlan['kind'], earliest: Earliest): SlotPlan {
		const onTime = this.sendTime(slot, kind);
		return { slot, kind, ...(this.sendWindow(slot, kind, earliest) ?? { sendAt: onTime, latestSendAt: onTime + LATE_SEND_MS }) };
	}

	/** On time, or later within the slot when the next one is the process's own; none when `earliest` is past both. */
	private sendWindow(slot: number, kind: SlotPlan['kind'], earliest: Earliest): Pick<SlotPlan, 'sendAt' | 'latestSendAt'> | undefined {
		const onTime = this.sendTime(slot, kind);
		if (onTime >= earliest.at) return { sendAt: onTime, latestSendAt: onTime + LATE_SEND_MS };
		const lateBy = earliest.at - onTime;
		if (!this.held.has(residueOf(slot + 1)) || lateBy > LATEST_IN_OWN_RUN_MS) return undefined;
		if (earliest.spacedFromAnswer || (kind === 'held' && lateBy <= CATCH_UP_PER_SLOT_MS * this.heldRunAfter(slot))) {
			return { sendAt: earliest.at, latestSendAt: (slot + 1) * SLOT_MS };
		}
		return undefined;
	}

	/** How many slots right after `slot` the process holds. */
	private heldRunAfter(slot: number): number {
		let run = 0;
		while (run < SLOTS_PER_CYCLE - 1 && this.held.has(residueOf(slot + 1 + run))) run++;
		return run;
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

	/** Up to `count` slots in [from, until) that `wanted` accepts and that can still be sent in from `earliest`. */
	private slots(
		from: number,
		until: number,
		kind: SlotPlan['kind'],
		earliest: Earliest,
		count: number,
		wanted: (slot: number) => boolean,
	): number[] {
		const found: number[] = [];
		for (let slot = from; slot < until && found.length < count; slot++) {
			if (wanted(slot) && this.sendWindow(slot, kind, earliest)) found.push(slot);
		}
		return found;
	}
}
