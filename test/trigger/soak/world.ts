/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The soak's world (issue 49): an account in virtual time, its staff and service driven by a seeded
 * script, and one workflow per event type polled through n8n-core's real poll (runPoll).
 *
 * Virtual time: jest's modern fake timers fake `Date` alone (every timer API stays real), so the
 * sandbox's clock (Date.now + offset, in this process) and the trigger's clock move together when the
 * world jumps; the engine's waits and the sandbox's refresh jobs run on real timers, made short.
 * Records are entered through the sandbox's control API; edits and deletes replace the sandbox's
 * stored object (a snapshot already served keeps the object it listed, as a real service's copy would).
 */
import type { IDataObject, INodeExecutionData, INodeParameters, WorkflowActivateMode } from 'n8n-workflow';
import { dayInZone, dayOfServiceDate, serviceDateOfDay } from '../../../nodes/PropertyManagementTrigger/days';
import { PAUSE_BOUND_MS } from '../../../nodes/PropertyManagementTrigger/poll';
import { SeenRecords } from '../../../nodes/PropertyManagementTrigger/state';
import { defaultDeps } from '../../../nodes/shared/transport/sending/clock';
import type { BillRecord, Db } from '../../../sandbox/db/db';
import { Random } from '../../../sandbox/shared/random';
import type { GuestCard } from '../../../sandbox/resources/guestCard/schema';
import type { TenantEvent } from '../../../sandbox/resources/tenantEvent/schema';
import { NODE_NAME, runPoll } from '../../support/n8n';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { credentialsOf, trigger as triggerNode } from '../harness';
import type { PollRecord, RecordChange, TrackedRecord } from './oracle';

// the soak's requests cost no waiting: the sandbox's refresh jobs end at once and its rate limit is off
defaultDeps.pollIntervalMs = 2;
defaultDeps.spacingMs = 0;

export type Kind = 'tenantEvent' | 'bill' | 'guestCard';
export const KINDS: Kind[] = ['tenantEvent', 'bill', 'guestCard'];
export const PATHS: Record<Kind, string> = { tenantEvent: '/v1/tenant-events', bill: '/v1/bills', guestCard: '/v1/guest-cards' };
export const DAY_MS = 86_400_000;
const HOUR_MS = 3600_000;
const TIME_ZONE = 'UTC';
/** added to virtual time every real millisecond or so (besides real time itself) */
const VIRTUAL_MS_PER_TICK = 100;

export interface SoakEvent {
	at: number;
	what: string;
	key?: string;
}

export interface WorldOptions {
	seed: number;
	days: number;
	/** virtual minutes between two polls of a workflow */
	pollMinutes: number;
	units?: number;
	/** the first virtual instant */
	start: string;
	/** how busy staff are: records entered per event type and day */
	entriesPerDay: number;
}

/** Keys the trigger's emissions are matched by (the script never enters two tenant events with one identity). */
export function keyOf(kind: Kind, json: IDataObject): string {
	if (kind === 'bill') return `bill ${String(json.upstreamId)}`;
	if (kind === 'guestCard') return `card ${String(json.guestCardId)}`;
	const event = json as unknown as TenantEvent;
	return `${event.event} occ ${event.occupancy?.upstreamId} tenant ${event.tenant?.upstreamId}`;
}

/** One workflow with the trigger: its static data in memory and as n8n's database holds it. */
export class Workflow {
	memory: IDataObject = {};
	persisted: IDataObject = {};
	active = true;
	resumeAt?: number;
	polls: PollRecord[] = [];
	requests = 0;
	maxSeen = 0;
	maxBytes = 0;
	killNext = false;
	overlapNext = false;
	flipNext = false;

	constructor(
		readonly kind: Kind,
		public parameters: INodeParameters,
	) {}

	state(): IDataObject | undefined {
		return this.memory[`node:${NODE_NAME}`] as IDataObject | undefined;
	}

	lookbackDays(): number {
		return Number((this.parameters.options as IDataObject | undefined)?.lookbackDays ?? 14);
	}

	aheadDays(): number {
		return this.kind === 'tenantEvent' ? Number((this.parameters.options as IDataObject | undefined)?.lookaheadDays ?? 60) : this.kind === 'guestCard' ? 1 : Infinity;
	}

	afterPause(): string {
		return String(this.parameters.afterPause ?? (this.kind === 'bill' ? 'emitWhatArrived' : 'startFromNow'));
	}
}

export class World {
	readonly random: Random;
	readonly log: SoakEvent[] = [];
	readonly records: Record<Kind, Map<string, TrackedRecord>> = { tenantEvent: new Map(), bill: new Map(), guestCard: new Map() };
	readonly workflows: Workflow[];
	now: number;
	private sandbox!: TestSandbox;
	private outageUntil?: number;
	private pending: Array<{ at: number; run: () => void; what: string }> = [];
	private usedTriples = new Set<string>();
	counts: Record<string, number> = {};
	private speedup?: ReturnType<typeof setInterval>;

	constructor(readonly options: WorldOptions) {
		this.random = new Random(options.seed);
		this.now = Date.parse(options.start);
		// Max Wait 5 s: the sandbox refreshes at once; a poll during an outage gives up sooner
		this.workflows = KINDS.map((kind) => new Workflow(kind, { event: kind, options: { maxWait: 5 } }));
	}

	/**
	 * The control API, a call retried when the connection it reused was closed by the server meanwhile
	 * (undici's keep-alive race, seen at 10,000 units: "fetch failed", ECONNRESET).
	 */
	private control(): TestSandbox['control'] {
		const control = this.sandbox.control;
		return new Proxy(control, {
			get: (target, name: keyof TestSandbox['control']) => async (...args: unknown[]) => {
				for (let attempt = 1; ; attempt++) {
					try {
						return await (target[name] as (...callArgs: unknown[]) => Promise<unknown>)(...args);
					} catch (error) {
						if (attempt >= 3 || !/fetch failed/.test(String(error))) throw error;
					}
				}
			},
		});
	}

	private get db(): Db {
		return this.sandbox.handle.state.db as Db;
	}

	today(at = this.now): number {
		return dayInZone(at, TIME_ZONE);
	}

	note(what: string, key?: string): void {
		this.log.push({ at: this.now, what, key });
		if (process.env.SOAK_DEBUG) process.stderr.write(`${new Date(this.now).toISOString()} ${what} ${key ?? ''}\n`);
		const kind = what.split(' ')[0];
		this.counts[kind] = (this.counts[kind] ?? 0) + 1;
	}

	async start(): Promise<void> {
		jest.setSystemTime(this.now);
		// virtual time also runs faster than real time: a poll that waits out Max Wait in an outage takes milliseconds
		this.speedup = setInterval(() => jest.setSystemTime(Date.now() + VIRTUAL_MS_PER_TICK), 1);
		this.sandbox = await startTestSandbox({
			jobSeconds: 0,
			rateLimit: false,
			units: this.options.units,
			seed: this.options.seed,
			profile: 'spec',
			onRequestLogged: (entry) => {
				for (const workflow of this.workflows) if (entry.path === PATHS[workflow.kind]) workflow.requests += 1;
			},
		});
		this.trackBaseline();
		for (const workflow of this.workflows) await this.poll(workflow, 'activate');
	}

	async close(): Promise<void> {
		clearInterval(this.speedup);
		await this.sandbox?.close();
	}

	// ---- what the service lists -------------------------------------------------------------

	private visibleProperty(id: string | number | null | undefined): boolean {
		const property = this.db.properties.find((p) => String(p.row.upstreamId) === String(id));
		return property !== undefined && !property.invisible;
	}

	private visibleBill(bill: BillRecord): boolean {
		const vendor = this.db.vendors.find((v) => v.row.upstreamId === bill.detail.vendorId);
		return !vendor?.invisible && bill.propertyIds.every((id) => this.visibleProperty(id));
	}

	private change(kind: Kind, key: string, change: Omit<RecordChange, 'at'>, baseline = false): void {
		const map = this.records[kind];
		const tracked = map.get(key) ?? { key, history: [], baseline };
		tracked.history.push({ ...change, at: this.now });
		map.set(key, tracked);
	}

	private trackBaseline(): void {
		for (const event of this.db.tenantEvents) {
			const triple = keyOf('tenantEvent', event as unknown as IDataObject);
			this.usedTriples.add(triple);
			if (!this.visibleProperty(event.property.upstreamId)) continue;
			this.change('tenantEvent', triple, { day: dayOfServiceDate(event.occurredDate) ?? null }, true);
		}
		for (const bill of this.db.bills) {
			if (!this.visibleBill(bill)) continue;
			this.change('bill', keyOf('bill', bill.detail as unknown as IDataObject), billState(bill), true);
		}
		for (const card of this.db.guestCards) {
			if (!this.visibleProperty(card.propertyId)) continue;
			this.change('guestCard', keyOf('guestCard', card as unknown as IDataObject), { day: cardDay(card) }, true);
		}
	}

	// ---- staff: entries, edits, deletes ----------------------------------------------------

	private dayNear(pastShare: number, futureShare: number, futureDays: number): number {
		const roll = this.random.next();
		if (roll < pastShare) return this.today() - this.random.int(1, 180);
		if (roll < pastShare + futureShare) return this.today() + this.random.int(1, futureDays);
		return this.today();
	}

	private visibleProperties() {
		return this.db.properties.filter((p) => !p.invisible);
	}

	async enter(kind: Kind): Promise<void> {
		if (kind === 'tenantEvent') {
			for (let attempt = 0; attempt < 20; attempt++) {
				const occupancy = this.random.pick(this.db.occupancies);
				const event = this.random.pick(['Move-in', 'Move-out', 'Notice'] as const);
				const tenant = occupancy.tenantIds[0];
				const triple = `${event} occ ${occupancy.id} tenant ${tenant}`;
				if (this.usedTriples.has(triple) || !this.visibleProperty(occupancy.propertyId)) continue;
				this.usedTriples.add(triple);
				const day = this.dayNear(0.2, 0.3, 200);
				const stored = await this.control().inject<IDataObject>('tenantEvent', {
					event,
					occupancy: { upstreamId: occupancy.id },
					tenant: { upstreamId: tenant },
					occurredDate: serviceDateOfDay(day),
				});
				const key = keyOf('tenantEvent', stored);
				this.change(kind, key, { day });
				this.note(`enter tenantEvent ${serviceDateOfDay(day)}`, key);
				return;
			}
			return;
		}
		const property = this.random.pick(this.visibleProperties()).row.upstreamId;
		if (kind === 'bill') {
			const day = this.dayNear(0.3, 0.2, 30);
			const paid = this.random.chance(0.2);
			const stored = await this.control().inject<IDataObject>('bill', { billDate: serviceDateOfDay(day), status: paid ? 'Paid' : 'Unpaid', propertyId: property });
			const key = keyOf('bill', stored);
			this.change(kind, key, { day, open: !paid });
			this.note(`enter bill ${serviceDateOfDay(day)}${paid ? ' paid' : ''}`, key);
			return;
		}
		const day = this.dayNear(0.3, 0, 0);
		const stored = await this.control().inject<IDataObject>('guestCard', { received: serviceDateOfDay(day), propertyId: property });
		const key = keyOf('guestCard', stored);
		this.change(kind, key, { day });
		this.note(`enter guestCard ${serviceDateOfDay(day)}`, key);
	}

	/** A record of `kind` the oracle follows that still exists (the script's or a seeded one). */
	private pickExisting(kind: Kind): string | undefined {
		const keys = [...this.records[kind].values()].filter((record) => record.history[record.history.length - 1].day !== null).map((record) => record.key);
		// mostly the script's own records, whose dates lie near today
		const own = keys.filter((key) => !this.records[kind].get(key)!.baseline);
		const from = own.length && this.random.chance(0.8) ? own : keys;
		return from.length ? this.random.pick(from) : undefined;
	}

	private lastDay(kind: Kind, key: string): number {
		const { history } = this.records[kind].get(key)!;
		return history[history.length - 1].day!;
	}

	/** Replaces the stored record of `key` (or removes it): a served snapshot keeps what it listed. */
	private rewrite(kind: Kind, key: string, edit: ((record: IDataObject) => IDataObject) | 'delete'): void {
		const list = (kind === 'tenantEvent' ? this.db.tenantEvents : kind === 'guestCard' ? this.db.guestCards : this.db.bills) as unknown as IDataObject[];
		const at = list.findIndex((record) => keyOf(kind, (kind === 'bill' ? record.detail : record) as IDataObject) === key);
		if (at < 0) throw new Error(`soak: ${key} is not stored`);
		if (edit === 'delete') list.splice(at, 1);
		else if (kind === 'bill') list[at] = { ...list[at], detail: edit({ ...(list[at].detail as IDataObject) }) };
		else list[at] = edit({ ...list[at] });
	}

	private moveDate(kind: Kind, key: string, day: number, why: string): void {
		if (this.records[kind].get(key)?.history.at(-1)?.day === null) return;
		const field = kind === 'tenantEvent' ? 'occurredDate' : kind === 'bill' ? 'billDate' : 'received';
		this.rewrite(kind, key, (record) => {
			const moved = { ...record, [field]: serviceDateOfDay(day) };
			if (kind === 'tenantEvent' && record.event === 'Move-in') moved.moveInDate = serviceDateOfDay(day);
			if (kind === 'tenantEvent' && record.event === 'Move-out') moved.moveOutDate = serviceDateOfDay(day);
			return moved;
		});
		const last = this.records[kind].get(key)!.history.at(-1)!;
		this.change(kind, key, { ...last, day });
		this.note(`move ${kind} ${why} to ${serviceDateOfDay(day)}`, key);
	}

	async edit(kind: Kind): Promise<void> {
		const key = this.pickExisting(kind);
		if (!key) return;
		const day = this.lastDay(kind, key);
		const roll = this.random.next();
		if (roll < 0.3) return this.moveDate(kind, key, day + this.random.int(-5, 5), 'a little');
		if (roll < 0.45 && kind === 'tenantEvent') {
			this.moveDate(kind, key, this.today() + this.random.int(61, 200), 'beyond Look Ahead');
			return this.later(this.random.int(1, 40) * DAY_MS, `move back`, () => this.moveDate(kind, key, this.today() + this.random.int(-5, 30), 'back'));
		}
		// records of every kind: a date corrected, a card merged into an older lead (soak finding 2)
		if (roll < 0.6) {
			this.moveDate(kind, key, this.today() - this.random.int(20, 200), 'beyond Lookback');
			return this.later(this.random.int(1, 40) * DAY_MS, `move back`, () => this.moveDate(kind, key, this.today() - this.random.int(0, 10), 'back'));
		}
		if (roll < 0.8) {
			if (kind === 'bill') {
				const paid = this.random.chance(0.7);
				this.rewrite(kind, key, (bill) => ({ ...bill, status: paid ? 'Paid' : 'Unpaid', payDate: paid ? serviceDateOfDay(this.today()) : null }));
				this.change(kind, key, { day, open: !paid });
				return this.note(`edit bill ${paid ? 'paid' : 'payment voided'}`, key);
			}
			const field = kind === 'tenantEvent' ? 'rent' : 'notes';
			this.rewrite(kind, key, (record) => ({ ...record, [field]: kind === 'tenantEvent' ? `${this.random.int(900, 3000)}.00` : `call back ${this.random.digits(3)}` }));
			return this.note(`edit ${kind} ${field}`, key);
		}
		this.rewrite(kind, key, 'delete');
		this.change(kind, key, { day: null });
		this.note(`delete ${kind}`, key);
	}

	private later(delayMs: number, what: string, run: () => void): void {
		this.pending.push({ at: this.now + delayMs, run, what });
	}

	// ---- the service fails ----------------------------------------------------------------

	async serviceMisbehaves(): Promise<void> {
		if (this.outageUntil === undefined && this.random.chance(0.02)) {
			this.outageUntil = this.now + this.random.int(1, 10) * HOUR_MS;
			await this.control().config({ failRefreshes: true });
			this.note(`outage until ${new Date(this.outageUntil).toISOString()}`);
		} else if (this.outageUntil !== undefined && this.now >= this.outageUntil) {
			this.outageUntil = undefined;
			await this.control().config({ failRefreshes: false });
			this.note('outage ends');
		}
		if (this.random.chance(0.01)) {
			await this.control().fault({ type: '429', count: this.random.int(2, 8), retryAfter: 0 });
			this.note('429 storm');
		}
		if (this.random.chance(0.005)) {
			await this.control().restart();
			this.note('service restart');
		}
	}

	// ---- the workflow changes, n8n misbehaves -------------------------------------------------

	private workflowChanges(workflow: Workflow): void {
		if (!workflow.active || this.outageUntil !== undefined) return;
		if (this.random.chance(0.004)) {
			workflow.active = false;
			const long = this.random.chance(0.5);
			workflow.resumeAt = this.now + (long ? this.random.int(1, 5) * DAY_MS : this.random.int(10, 50) * 60_000);
			this.note(`pause ${workflow.kind} until ${new Date(workflow.resumeAt).toISOString()}`);
			return;
		}
		workflow.killNext = this.random.chance(0.01);
		workflow.overlapNext = this.random.chance(0.01);
		workflow.flipNext = this.random.chance(0.01);
	}

	/** A poll as n8n runs it: its items reach the workflow and n8n saves the static data when it emits or activates. */
	async poll(workflow: Workflow, activation: WorkflowActivateMode = 'update'): Promise<void> {
		if (process.env.SOAK_DEBUG) process.stderr.write(`poll ${workflow.kind} ${new Date().toISOString()} ${activation} ${performance.now().toFixed(0)}\n`);
		const at = Date.now();
		const state = workflow.state();
		const polledAt = typeof state?.polledAt === 'number' ? state.polledAt : undefined;
		const recordsPresent =
			activation !== 'init' && (!state || (activation === 'activate' && workflow.afterPause() === 'startFromNow' && (polledAt === undefined || at - polledAt > PAUSE_BOUND_MS)));
		const record: PollRecord = {
			at,
			endedAt: at,
			outcome: 'ok',
			recordsPresent,
			emitted: [],
			checkpoint: typeof state?.checkpoint === 'number' ? state.checkpoint : undefined,
			lookbackDays: workflow.lookbackDays(),
			aheadDays: workflow.aheadDays(),
			today: this.today(at),
		};
		const run = () =>
			runPoll({
				nodeType: triggerNode,
				parameters: workflow.parameters,
				credentials: credentialsOf(this.sandbox),
				staticData: workflow.memory,
				timezone: TIME_ZONE,
				activation,
				workflowId: `soak-${workflow.kind}`,
			});
		try {
			let outcome: Awaited<ReturnType<typeof run>>;
			if (workflow.overlapNext) {
				workflow.overlapNext = false;
				this.note(`overlapping polls ${workflow.kind}`);
				// n8n shares one static data object: the poll that finishes last leaves its state
				const finished: Array<Awaited<ReturnType<typeof run>>> = [];
				await Promise.all([run(), run()].map(async (pending) => finished.push(await pending)));
				const emitted = finished.filter((one) => one.items !== null);
				outcome = emitted.length ? emitted[emitted.length - 1] : finished[finished.length - 1];
				for (const extra of emitted.slice(0, -1)) record.emitted.push(...(extra.items?.[0] ?? []).map((item: INodeExecutionData) => keyOf(workflow.kind, item.json)));
			} else if (workflow.flipNext) {
				workflow.flipNext = false;
				const pending = run();
				// a record arrives and the service refreshes while the poll reads its pages
				await new Promise((resolve) => setTimeout(resolve, 3));
				await this.enter(workflow.kind);
				await this.control().expire(PATHS[workflow.kind]);
				this.note(`snapshot flips mid-read ${workflow.kind}`);
				outcome = await pending;
			} else outcome = await run();
			record.endedAt = Date.now();
			if (workflow.killNext) {
				workflow.killNext = false;
				record.outcome = 'killed';
				this.note(`poll killed ${workflow.kind}`);
				workflow.memory = JSON.parse(JSON.stringify(workflow.persisted)) as IDataObject;
				workflow.polls.push(record);
				return;
			}
			workflow.memory = outcome.staticData;
			if (outcome.items !== null || activation !== 'update') workflow.persisted = outcome.staticData;
			record.emitted.push(...(outcome.items?.[0] ?? []).map((item) => keyOf(workflow.kind, item.json)));
			if (workflow.state()?.outage !== undefined) record.outcome = 'stale';
		} catch (error) {
			record.endedAt = Date.now();
			record.outcome = 'failed';
			if (!/has not returned fresh/.test(String(error))) this.note(`poll failed ${workflow.kind}: ${String(error)}`);
		}
		workflow.polls.push(record);
		const size = SeenRecords.fromJson(workflow.state()?.seen, workflow.state()?.dated).size;
		workflow.maxSeen = Math.max(workflow.maxSeen, size);
		workflow.maxBytes = Math.max(workflow.maxBytes, JSON.stringify(workflow.memory).length);
	}

	// ---- the run ------------------------------------------------------------------------------

	/** Advances virtual time to `at`: both clocks move. */
	private advance(at: number): void {
		this.now = Math.max(at, Date.now());
		jest.setSystemTime(this.now);
	}

	async run(onDay?: (day: number) => void): Promise<void> {
		const stepMs = this.options.pollMinutes * 60_000;
		const stepsPerDay = Math.round(DAY_MS / stepMs);
		const entryChance = this.options.entriesPerDay / stepsPerDay;
		let jumped = false;
		for (let day = 0; day < this.options.days; day++) {
			onDay?.(day);
			for (let step = 0; step < stepsPerDay; step++) {
				this.advance(this.now + stepMs);
				if (!jumped && day >= this.options.days / 2 && step === 2) {
					// a daylight-saving change moves the host's clock by an hour
					jumped = true;
					this.advance(this.now + HOUR_MS);
					this.note('clock jumps an hour');
				}
				const due = this.pending.filter((action) => action.at <= this.now);
				this.pending = this.pending.filter((action) => action.at > this.now);
				for (const action of due) action.run();
				for (const kind of KINDS) {
					if (this.random.chance(entryChance)) await this.enter(kind);
					if (this.random.chance(entryChance * 0.6)) await this.edit(kind);
				}
				await this.serviceMisbehaves();
				for (const workflow of this.workflows) {
					if (!workflow.active) {
						if (workflow.resumeAt !== undefined && this.now >= workflow.resumeAt && this.outageUntil === undefined) {
							workflow.active = true;
							this.note(`reactivate ${workflow.kind}`);
							await this.poll(workflow, 'activate');
						}
						continue;
					}
					this.workflowChanges(workflow);
					if (workflow.active) await this.poll(workflow);
				}
			}
		}
		await this.settle();
	}

	/** The service heals and the workflows poll until every read was due again: nothing is left in flight. */
	private async settle(): Promise<void> {
		if (this.outageUntil !== undefined) {
			this.outageUntil = undefined;
			await this.control().config({ failRefreshes: false });
		}
		await this.control().clearFaults();
		for (const action of this.pending) action.run();
		this.pending = [];
		for (const workflow of this.workflows) {
			if (!workflow.active) {
				workflow.active = true;
				await this.poll(workflow, 'activate');
			}
		}
		const stepMs = this.options.pollMinutes * 60_000;
		for (let at = 0; at < 8 * HOUR_MS; at += stepMs) {
			this.advance(this.now + stepMs);
			for (const workflow of this.workflows) await this.poll(workflow);
		}
	}

	/** An idle hour of 1-minute polls: the requests each poll sent, per event type. */
	async idleHour(): Promise<Record<Kind, number>> {
		const before = Object.fromEntries(this.workflows.map((workflow) => [workflow.kind, workflow.requests]));
		for (let minute = 0; minute < 60; minute++) {
			this.advance(this.now + 60_000);
			for (const workflow of this.workflows) await this.poll(workflow);
		}
		return Object.fromEntries(this.workflows.map((workflow) => [workflow.kind, (workflow.requests - before[workflow.kind]) / 60])) as Record<Kind, number>;
	}
}

function billState(bill: BillRecord): Omit<RecordChange, 'at'> {
	return { day: dayOfServiceDate(bill.detail.billDate) ?? null, open: bill.detail.status === 'Unpaid' || bill.detail.status === 'Unused' };
}

function cardDay(card: GuestCard): number | null {
	return dayOfServiceDate(card.received.replace(/ at .*$/, '')) ?? null;
}
