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
import { dayInZone, serviceDateOfDay } from '../../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../../nodes/shared/dates';
import { AFTER_PAUSE_DEFAULTS } from '../../../nodes/PropertyManagementTrigger/events/description';
import { EVENT_DEFINITIONS } from '../../../nodes/PropertyManagementTrigger/events/recordLists';
import { DEFAULT_VENDOR_DOCUMENTS } from '../../../nodes/PropertyManagementTrigger/events/listWatches';
import { PAUSE_BOUND_MS } from '../../../nodes/PropertyManagementTrigger/kernel/poll';
import { MOVED_RECORD_KEEP_DAYS } from '../../../nodes/PropertyManagementTrigger/newRecords/newRecords';
import { SeenRecords, shortHash } from '../../../nodes/PropertyManagementTrigger/newRecords/state';
import { defaultDeps } from '../../../nodes/shared/transport/sending/clock';
import type { BillRecord, Db } from '../../../sandbox/db/db';
import { billListRow } from '../../../sandbox/resources/bill/data';
import { unitStatusOn } from '../../../sandbox/resources/unit/status';
import { presentRows } from '../../../sandbox/shared/documentedFormat';
import { formatDate, startOfDay } from '../../../sandbox/shared/format';
import { Random } from '../../../sandbox/shared/random';
import type { GuestCard } from '../../../sandbox/resources/guestCard/schema';
import type { TenantEvent } from '../../../sandbox/resources/tenantEvent/schema';
import { NODE_NAME, runPoll } from '../../support/n8n';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import type { SandboxProfile } from '../../../sandbox/server/options';
import { credentialsOf, trigger as triggerNode } from '../harness';
import type { StatusStep } from './changeOracle';
import type { PollRecord, RecordChange, TrackedRecord } from './oracle';

// the soak's requests cost no waiting: the sandbox's refresh jobs end at once and its rate limit is off
defaultDeps.pollIntervalMs = 2;
defaultDeps.spacingMs = 0;

export type Kind = 'tenantEvent' | 'bill' | 'guestCard' | 'workOrder' | 'rentalApplication';
export const KINDS: Kind[] = ['tenantEvent', 'bill', 'guestCard', 'workOrder', 'rentalApplication'];
/** the kinds whose records staff also move, edit and delete (work orders and applications move on by status) */
const EDITED_KINDS: Kind[] = ['tenantEvent', 'bill', 'guestCard'];
export const PATHS: Record<Kind, string> = {
	tenantEvent: '/v1/tenant-events',
	bill: '/v1/bills',
	guestCard: '/v1/guest-cards',
	workOrder: '/v1/work-orders',
	rentalApplication: '/v1/rental-applications',
};

/** The kinds whose records the hostile profile may show without their identity: judged by what they show (World.servedRecords). */
export const SHOWN_KINDS: Kind[] = ['tenantEvent', 'bill', 'guestCard'];
const DATE_FIELDS: Record<Kind, string> = { tenantEvent: 'occurredDate', bill: 'billDate', guestCard: 'received', workOrder: 'createdAt', rentalApplication: 'received' };

/** What a record is served with from an instant on (hostile profile): the key and date it shows, the day it is stored on; null key: not served. */
interface ServedStep {
	at: number;
	key: string | null;
	shownDay: number | null;
	day: number | null;
	open?: boolean;
}
/** the records whose statuses the status events watch */
export type StatusKind = 'workOrder' | 'bill' | 'rentalApplication';
const STATUS_EVENTS: Record<string, StatusKind> = { workOrderStatus: 'workOrder', billPaidOrApproved: 'bill', applicationDecided: 'rentalApplication' };
const LIST_PATHS: Record<string, string> = { leaseEnding: '/v1/rent-roll', vendorDocumentExpiring: '/v1/vendors', rentPastDue: '/v1/rent-roll' };
/** Work Order Status Changed's New Status filter: what texts a tenant */
export const WORK_ORDER_FILTER = ['Scheduled', 'Completed'];
/** Days Before of the date events */
export const HORIZONS: Record<'leaseEnding' | 'vendorDocumentExpiring', number[]> = { leaseEnding: [60, 30, 7], vendorDocumentExpiring: [30, 7] };
/** Rent Past Due's Past Due Above */
export const PAST_DUE_ABOVE = 100;
const UNDECIDED = ['New', 'Decision Pending'];
const CLOSED_WORK_ORDERS = ['Completed', 'Completed No Need To Bill', 'Canceled'];
export const DAY_MS = 86_400_000;
const HOUR_MS = 3600_000;
/** n8n 2.41's getPollBudgetMs at the durable scheduler's defaults: the 45 s poll timeout less a fifth */
const DURABLE_POLL_BUDGET_MS = 36_000;
/** the workflow's time zone: a real one, whose clocks change twice a year (the quick run starts two weeks before March 14, 2027) */
export const TIME_ZONE = 'America/New_York';
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
	/** the issue-48 events' workflows poll every this many steps (default 1) */
	changeEventSteps?: number;
	/**
	 * n8n's scheduler (default `memory`). `memory`: n8n's timers; static data kept in the process and saved
	 * when a poll emits (after an activation or an edit too), so a killed process restarts from the last
	 * save. `durable` (n8n 2.45's default, 2.41 with its flags and durable cursors): each poll gets n8n's
	 * poll budget (36 s) and runs on the state last committed; what it staged is committed when it returns,
	 * with its execution or alone; a poll killed (or abandoned at the timeout, the same to its state and
	 * items) commits neither. Not modelled: n8n discarding what an activation's own poll staged (the
	 * trigger's answer to that: test/trigger/pollBudget.test.ts, test/e2e/durableScheduler.test.ts).
	 */
	scheduler?: 'memory' | 'durable';
	/** the sandbox's reading of the service (default spec) */
	profile?: SandboxProfile;
}

/** Keys the trigger's emissions are matched by (the script never enters two tenant events with one identity). */
export function keyOf(kind: Kind, json: IDataObject): string {
	// records without an id: the script gives each a unique reference or name
	if (kind === 'bill') return json.upstreamId === null ? `bill ref ${String(json.reference)}` : `bill ${String(json.upstreamId)}`;
	if (kind === 'guestCard') return json.guestCardId === null ? `card name ${String(json.name)}` : `card ${String(json.guestCardId)}`;
	if (kind === 'workOrder') return `work order ${String(json.upstreamId)}`;
	if (kind === 'rentalApplication') return `application ${String(json.rentalApplicationId)}`;
	const event = json as unknown as TenantEvent;
	return `${event.event} occ ${event.occupancy?.upstreamId} tenant ${event.tenant?.upstreamId}`;
}

const shownText = (value: unknown) => (value === null || value === undefined ? '-' : String(value));

/**
 * A record by what the service shows of it (hostile profile; docs/trigger.md "Identities"). A tenant
 * event: with its occupancy, by the occupancy and tenant; without, by the event, the tenant (or the
 * tenant's name), the unit and the property. A bill or guest card without its id: by the fields the
 * trigger then tells it by. Two records shown alike are one to any reader.
 */
export function shownKeyOf(kind: Kind, json: IDataObject): string {
	if (kind === 'tenantEvent') {
		const event = json as unknown as { event?: string | null; occupancy?: IDataObject | null; tenant?: IDataObject | null; unit?: IDataObject | null; property?: IDataObject | null };
		const occupancy = event.occupancy?.upstreamId;
		if (occupancy !== null && occupancy !== undefined) return `${shownText(event.event)} occ ${String(occupancy)} tenant ${shownText(event.tenant?.upstreamId)}`;
		return `${shownText(event.event)} shown without occupancy, tenant ${shownText(event.tenant?.upstreamId ?? event.tenant?.name)} unit ${shownText(event.unit?.upstreamId)} property ${shownText(event.property?.upstreamId)}`;
	}
	if (kind === 'bill' && (json.upstreamId === null || json.upstreamId === undefined)) return `bill shown without id, payee ${shownText(json.vendorId ?? json.payeeName)} ref ${shownText(json.reference)} dated ${shownText(json.billDate)}`;
	if (kind === 'guestCard' && (json.guestCardId === null || json.guestCardId === undefined)) return `card shown without id, ${[json.name, json.emailAddress, json.phoneNumber, json.propertyId, json.received].map(shownText).join(' | ')}`;
	return keyOf(kind, json);
}

/**
 * The workflows the world polls: one per event type with the defaults (their options change during
 * the run), and two whose settings change what the state holds, to measure its size: bills with
 * Status = Unpaid, tenant events with Emit Again When the Date Changes (a moved date is a new event).
 */
export const WORKFLOW_LABELS = [
	'tenantEvent',
	'bill',
	'guestCard',
	'bill, Unpaid',
	'tenantEvent, date changes',
	'workOrder',
	'rentalApplication',
	'workOrderStatus',
	'billPaidOrApproved',
	'applicationDecided',
	'leaseEnding',
	'vendorDocumentExpiring',
	'rentPastDue',
] as const;
export type WorkflowLabel = (typeof WORKFLOW_LABELS)[number];

/** What of a workflow's parameters its state's scope holds, as the soak changes them: the filters, Past Due Above */
function scopeParametersOf(parameters: INodeParameters): string {
	return JSON.stringify({ filters: parameters.filters ?? {}, threshold: parameters.threshold });
}

function parametersOf(label: WorkflowLabel): INodeParameters {
	// Max Wait 5 s: the sandbox refreshes at once; a poll during an outage gives up sooner
	if (label === 'bill, Unpaid') return { event: 'bill', filters: { status: 'Unpaid' }, options: { maxWait: 5 } };
	if (label === 'tenantEvent, date changes') return { event: 'tenantEvent', options: { maxWait: 5, emitOnDateChange: true } };
	if (label === 'workOrderStatus') return { event: label, statusFilter: WORK_ORDER_FILTER, options: { maxWait: 5 } };
	if (label === 'leaseEnding' || label === 'vendorDocumentExpiring') return { event: label, horizonDays: HORIZONS[label].join(', '), options: { maxWait: 5 } };
	if (label === 'rentPastDue') return { event: label, threshold: PAST_DUE_ABOVE, options: { maxWait: 5 } };
	return { event: label, options: { maxWait: 5 } };
}

/** The key an emission of `workflow` is matched by: with Emit Again When the Date Changes, a record on one day. */
export function emissionKeys(workflow: Workflow, json: IDataObject): string[] {
	const event = workflow.event;
	// a status change: one key per change the item names
	if (workflow.family === 'status') return ((json.changes ?? []) as string[]).map((change) => `${keyOf(workflow.kind, json)} -> ${change}`);
	if (event === 'rentPastDue') return [`pastDue|${String(json.occupancyId)}`];
	if (event === 'leaseEnding') return [`lease|${String(json.occupancyId)} ${dayOfServiceDate(json.date)} ${String(json.horizonDays)}`];
	if (event === 'vendorDocumentExpiring') return [`vendor|${String(json.upstreamId)}|${String(json.dateField)} ${dayOfServiceDate(json.date)} ${String(json.horizonDays)}`];
	return [emissionKey(workflow, json)];
}

function emissionKey(workflow: Workflow, json: IDataObject): string {
	const key = workflow.keyedAsServed ? shownKeyOf(workflow.kind, json) : keyOf(workflow.kind, json);
	return workflow.dateChanges() ? onDayKey(key, dayOfServiceDate(json.occurredDate) ?? null) : key;
}

export function onDayKey(key: string, day: number | null): string {
	return `${key} on ${day === null ? 'no day' : serviceDateOfDay(day)}`;
}

/** The key `onDayKey` was given (a key without a day is returned as it is). */
export function withoutDay(key: string): string {
	return key.replace(/ on (\d\d\/\d\d\/\d{4}|no day)$/, '');
}

/** One workflow with the trigger: its static data in memory and as n8n's database holds it. */
export class Workflow {
	/** the record kind of a new-record event, the watched records of a status event (unused for date and past-due events) */
	readonly kind: Kind;
	readonly event: string;
	readonly family: 'record' | 'status' | 'list';
	/** the list its polls read: their requests count for it */
	readonly path: string;
	memory: IDataObject = {};
	persisted: IDataObject = {};
	active = true;
	resumeAt?: number;
	polls: PollRecord[] = [];
	requests = 0;
	/** it polls every this many steps of the run (the change events: fewer polls keep the quick run short) */
	everySteps = 1;
	/** real milliseconds its polls took (what the quick run's wall time is made of) */
	pollMs = 0;
	maxSeen = 0;
	maxBytes = 0;
	killNext = false;
	overlapNext = false;
	flipNext = false;
	/** the state's scope before a filter or Past Due Above changed: until a poll records the present under the new one */
	staleScope?: string;
	/** the filters and Past Due Above the state's scope belongs to (those of the last poll that wrote it) */
	stateScopeParameters: string;
	/** the next poll is the first after a settings change: n8n saves the state after it */
	edited = false;
	/** Lookback widened: the days added, recorded as present by the next full read (checkpoint-relative) */
	addedDays?: { from: number; to: number };
	/** the workflow's time zone (its settings; a user may change it mid-run): the trigger's "today" */
	timeZone = TIME_ZONE;
	/** the package was upgraded over older state at this instant; cleared by the first full read after it */
	upgradedAt?: number;
	/** n8n restarted: its next poll is an 'init' activation */
	restarted = false;
	/** the largest state, and the bound the oracle allowed it then */
	maxBound = 0;
	overBound: string[] = [];
	/** its emissions are matched by what the service shows of a record (hostile profile: World.servedRecords) */
	keyedAsServed = false;

	constructor(
		readonly label: WorkflowLabel,
		public parameters: INodeParameters = parametersOf(label),
	) {
		this.event = String(parameters.event);
		this.family = STATUS_EVENTS[this.event] ? 'status' : LIST_PATHS[this.event] ? 'list' : 'record';
		this.kind = STATUS_EVENTS[this.event] ?? (this.family === 'list' ? 'tenantEvent' : (this.event as Kind));
		this.path = LIST_PATHS[this.event] ?? PATHS[this.kind];
		this.stateScopeParameters = scopeParametersOf(parameters);
	}

	/** Rent Past Due's Past Due Above in force */
	threshold(): number {
		return Number(this.parameters.threshold ?? PAST_DUE_ABOVE);
	}

	options(): IDataObject {
		return (this.parameters.options ?? {}) as IDataObject;
	}

	/** Status = Unpaid: only unpaid bills are listed */
	onlyOpen(): boolean {
		return (this.parameters.filters as IDataObject | undefined)?.status === 'Unpaid';
	}

	/** Emit Again When the Date Changes: the calendar day is part of a tenant event's identity */
	dateChanges(): boolean {
		return this.options().emitOnDateChange === true;
	}

	state(): IDataObject | undefined {
		return this.memory[`node:${NODE_NAME}`] as IDataObject | undefined;
	}

	lookbackDays(): number {
		return Number(this.options().lookbackDays ?? 14);
	}

	/** "today" in the workflow's time zone */
	today(at: number): number {
		return dayInZone(at, this.timeZone);
	}

	aheadDays(): number {
		return this.kind === 'tenantEvent' ? Number(this.options().lookaheadDays ?? 60) : this.kind === 'bill' ? Infinity : 1;
	}

	afterPause(): string {
		return String(this.parameters.afterPause ?? AFTER_PAUSE_DEFAULTS[this.event as keyof typeof AFTER_PAUSE_DEFAULTS]);
	}
}

export class World {
	readonly random: Random;
	readonly log: SoakEvent[] = [];
	readonly records: Record<Kind, Map<string, TrackedRecord>> = { tenantEvent: new Map(), bill: new Map(), guestCard: new Map(), workOrder: new Map(), rentalApplication: new Map() };
	/** every status the script gave a record the status events watch, from the seed on */
	readonly statuses: Record<StatusKind, Map<string, StatusStep[]>> = { workOrder: new Map(), bill: new Map(), rentalApplication: new Map() };
	readonly workflows: Workflow[];
	now: number;
	private sandbox!: TestSandbox;
	private outageUntil?: number;
	private pending: Array<{ at: number; run: () => void; what: string }> = [];
	private usedTriples = new Set<string>();
	counts: Record<string, number> = {};
	private speedup?: ReturnType<typeof setInterval>;
	/** the workflow whose poll is running: the requests the sandbox logs are counted for it */
	private polling?: Workflow;
	private idless = 0;
	/** hostile profile: what each record of SHOWN_KINDS is served with over time, by kind and the script's key */
	private readonly served = new Map<Kind, Map<string, ServedStep[]>>(SHOWN_KINDS.map((kind) => [kind, new Map()]));

	constructor(readonly options: WorldOptions) {
		this.random = new Random(options.seed);
		this.now = Date.parse(options.start);
		this.workflows = WORKFLOW_LABELS.map((label) => new Workflow(label));
		for (const workflow of this.workflows) workflow.keyedAsServed = options.profile === 'hostile' && workflow.family === 'record' && SHOWN_KINDS.includes(workflow.kind);
		for (const workflow of this.workflows) if (!['tenantEvent', 'bill', 'guestCard', 'bill, Unpaid', 'tenantEvent, date changes'].includes(workflow.label)) workflow.everySteps = (options.changeEventSteps ?? 1) * (workflow.family === 'list' ? 2 : 1);
	}

	workflow(label: WorkflowLabel): Workflow {
		return this.workflows.find((one) => one.label === label)!;
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
			profile: this.options.profile ?? 'spec',
			onRequestLogged: (entry) => {
				// the list and its single-record reads (a bill read by its id)
				if (this.polling && (entry.path === this.polling.path || entry.path.startsWith(`${this.polling.path}/`))) this.polling.requests += 1;
			},
		});
		this.trackBaseline();
		for (const workflow of this.workflows) await this.poll(workflow, 'activate');
		this.planScenarios();
	}

	async close(): Promise<void> {
		clearInterval(this.speedup);
		await this.sandbox?.close();
	}

	// ---- what the service lists -------------------------------------------------------------

	/** the visible properties and the invisible vendors, built again when either list grows (looked up for every record of 10,000 units) */
	private visibility?: { properties: number; vendors: number; visibleProperties: Set<string>; invisibleVendors: Set<string> };

	private visibleSets() {
		const { properties, vendors } = this.db;
		if (this.visibility?.properties !== properties.length || this.visibility.vendors !== vendors.length) {
			this.visibility = {
				properties: properties.length,
				vendors: vendors.length,
				visibleProperties: new Set(properties.filter((p) => !p.invisible).map((p) => String(p.row.upstreamId))),
				invisibleVendors: new Set(vendors.filter((v) => v.invisible).map((v) => String(v.row.upstreamId))),
			};
		}
		return this.visibility;
	}

	private visibleProperty(id: string | number | null | undefined): boolean {
		return this.visibleSets().visibleProperties.has(String(id));
	}

	private visibleBill(bill: BillRecord): boolean {
		return !this.visibleSets().invisibleVendors.has(String(bill.detail.vendorId)) && bill.propertyIds.every((id) => this.visibleProperty(id));
	}

	/** `stored`: the record as stored, when the caller has it at hand */
	private change(kind: Kind, key: string, change: Omit<RecordChange, 'at'>, baseline = false, stored?: IDataObject): void {
		const map = this.records[kind];
		const tracked = map.get(key) ?? { key, history: [], baseline };
		tracked.history.push({ ...change, at: this.now });
		map.set(key, tracked);
		if (SHOWN_KINDS.includes(kind)) this.noteServed(kind, key, stored);
	}

	/**
	 * Hostile profile: what the record of `key` is served with from now on (an id-less record's nulls
	 * follow its content): the key it shows, the date it shows, and the day it is stored on (which the
	 * service's date window lists it by, whatever it shows); a bill, whether it is open.
	 */
	private noteServed(kind: Kind, key: string, given?: IDataObject): void {
		if (this.options.profile !== 'hostile') return;
		// a bill: its record (the detail and what the list shows of it)
		const found = given ?? this.stored(kind, key);
		const stored = kind === 'bill' && found ? (found.detail as IDataObject) : found;
		const listed = kind === 'bill' && found ? (billListRow(this.db, found as unknown as BillRecord) as unknown as IDataObject) : stored;
		const row = listed && this.asListed(PATHS[kind], [listed])[0];
		const field = DATE_FIELDS[kind];
		const day = (json: IDataObject) => dayOfStamp(json[field]);
		const step: ServedStep = row
			? { at: this.now, key: shownKeyOf(kind, row), shownDay: day(row), day: day(stored!), ...(kind === 'bill' ? { open: isOpenBill(stored!.status) } : {}) }
			: { at: this.now, key: null, shownDay: null, day: null };
		const steps = this.served.get(kind)!.get(key) ?? [];
		const last = steps.at(-1);
		if (last?.key !== step.key || last?.shownDay !== step.shownDay || last?.day !== step.day || last?.open !== step.open) steps.push(step);
		this.served.get(kind)!.set(key, steps);
	}

	/** The stored record of the script's `key` (a bill: its BillRecord), if it is still stored. */
	private stored(kind: Kind, key: string): IDataObject | undefined {
		if (kind === 'bill') return this.db.bills.find((bill) => keyOf('bill', bill.detail as unknown as IDataObject) === key) as unknown as IDataObject | undefined;
		const list = (kind === 'tenantEvent' ? this.db.tenantEvents : this.db.guestCards) as unknown as IDataObject[];
		return list.find((row) => keyOf(kind, row) === key);
	}

	/**
	 * Hostile profile: the records of `kind` as the trigger can tell them, one per key shown (with Emit
	 * Again When the Date Changes, per key and date shown). A record whose edit redrew its nulls leaves
	 * its old key (gone) for a new one (entered then). A key two records were shown with is ambiguous: no
	 * reader can tell which of them an emission is, so it is not judged (`ambiguous`: such keys, without
	 * a date; `owners`: the script's keys each key shown was shown for).
	 */
	servedRecords(kind: Kind, withShownDay: boolean): { records: TrackedRecord[]; ambiguous: Set<string>; owners: Map<string, Set<string>> } {
		const byKey = new Map<string, TrackedRecord & { shownKey: string }>();
		const owners = new Map<string, Set<string>>();
		const push = (key: string, shownKey: string, change: RecordChange, baseline: boolean) => {
			const tracked = byKey.get(key) ?? { key, shownKey, history: [], baseline };
			tracked.history.push(change);
			byKey.set(key, tracked);
		};
		for (const [scriptKey, steps] of this.served.get(kind) ?? []) {
			const script = this.records[kind].get(scriptKey);
			const baseline = script?.baseline ?? false;
			const idless = script?.history.some((change) => change.idless) ? { idless: true } : {};
			let current: { key: string; shownKey: string } | undefined;
			for (const step of steps) {
				const key = step.key === null ? undefined : withShownDay ? onDayKey(step.key, step.shownDay) : step.key;
				if (current && current.key !== key) push(current.key, current.shownKey, { at: step.at, day: null }, baseline);
				current = key === undefined || step.key === null ? undefined : { key, shownKey: step.key };
				if (current) {
					const open = step.open === undefined ? {} : { open: step.open };
					push(current.key, current.shownKey, { at: step.at, day: step.day, ...open, ...idless, ...(step.shownDay === null ? { undated: true } : {}) }, baseline);
					owners.set(current.shownKey, (owners.get(current.shownKey) ?? new Set()).add(scriptKey));
				}
			}
		}
		const ambiguous = new Set([...owners].filter(([, scriptKeys]) => scriptKeys.size > 1).map(([key]) => key));
		const records = [...byKey.values()].filter((record) => !ambiguous.has(record.shownKey)).map(({ key, history, baseline }) => ({ key, history, baseline }));
		return { records, ambiguous, owners };
	}

	private trackBaseline(): void {
		for (const event of this.db.tenantEvents) {
			const triple = keyOf('tenantEvent', event as unknown as IDataObject);
			this.usedTriples.add(triple);
			if (!this.visibleProperty(event.property.upstreamId)) continue;
			this.change('tenantEvent', triple, { day: dayOfServiceDate(event.occurredDate) ?? null }, true, event as unknown as IDataObject);
		}
		for (const bill of this.db.bills) {
			if (!this.visibleBill(bill)) continue;
			this.change('bill', keyOf('bill', bill.detail as unknown as IDataObject), billState(bill), true, bill as unknown as IDataObject);
		}
		for (const card of this.db.guestCards) {
			if (!this.visibleProperty(card.propertyId)) continue;
			this.change('guestCard', keyOf('guestCard', card as unknown as IDataObject), { day: cardDay(card) }, true, card as unknown as IDataObject);
		}
		for (const bill of this.db.bills) {
			if (this.visibleBill(bill)) this.setBillStatus(keyOf('bill', bill.detail as unknown as IDataObject), bill.detail as unknown as IDataObject);
		}
		for (const order of this.db.workOrders) {
			if (!this.visibleProperty(order.property.upstreamId)) continue;
			const key = keyOf('workOrder', order as unknown as IDataObject);
			this.change('workOrder', key, { day: dayOfServiceDate(order.createdAt) ?? null }, true);
			this.setStatus('workOrder', key, order.status, !CLOSED_WORK_ORDERS.includes(order.status));
		}
		for (const application of this.db.rentalApplications) {
			if (!this.visibleProperty(application.row.propertyId)) continue;
			const key = keyOf('rentalApplication', application.row as unknown as IDataObject);
			this.change('rentalApplication', key, { day: dayOfServiceDate(application.row.received) ?? null }, true);
			this.setStatus('rentalApplication', key, application.row.status, UNDECIDED.includes(application.row.status));
		}
	}

	// ---- statuses ------------------------------------------------------------------------------

	/** A record's status from now on (nothing when it is unchanged). */
	private setStatus(kind: StatusKind, key: string, status: string, open: boolean): void {
		const steps = this.statuses[kind].get(key) ?? [];
		if (steps.at(-1)?.status === status) return;
		steps.push({ at: this.now, status, open });
		this.statuses[kind].set(key, steps);
	}

	/** A bill's status and approval as one status ("Unpaid|Pending Approval"); open while unpaid. */
	private setBillStatus(key: string, detail: IDataObject): void {
		const paid = detail.status === 'Paid' || detail.status === 'Used';
		this.setStatus('bill', key, `${paid ? 'Paid' : 'Unpaid'}|${String(detail.approvalStatus)}`, !paid);
	}

	private billDetail(key: string): IDataObject {
		return this.db.bills.find((bill) => keyOf('bill', bill.detail as unknown as IDataObject) === key)!.detail as unknown as IDataObject;
	}

	/**
	 * Staff move a record on, at least a day after its last move (so that each move is listed: several
	 * between two polls fire once): a work order along New, Assigned, Scheduled, Waiting, Work Done,
	 * Completed (or Canceled), an application to Decision Pending and a decision, a bill approved.
	 */
	async moveStatus(kind: StatusKind): Promise<void> {
		const candidates = [...this.statuses[kind]].filter(([, steps]) => {
			const last = steps.at(-1)!;
			return last.open && this.now - last.at >= 20 * HOUR_MS && (kind !== 'bill' || last.status === 'Unpaid|Pending Approval');
		});
		// mostly the script's own records
		const own = candidates.filter(([key]) => !this.records[kind].get(key)?.baseline);
		const from = own.length && this.random.chance(0.8) ? own : candidates;
		if (!from.length) return;
		const [key, steps] = this.random.pick(from);
		const status = steps.at(-1)!.status;
		if (kind === 'bill') {
			this.rewrite('bill', key, (bill) => ({ ...bill, approvalStatus: 'Approved' }));
			this.setBillStatus(key, this.billDetail(key));
			return this.note('status bill approved', key);
		}
		let next: string;
		if (kind === 'workOrder') {
			const flow: Record<string, string[]> = {
				New: ['Assigned', 'Assigned', 'Assigned', 'Canceled'],
				'Estimate Requested': ['Estimated'],
				Estimated: ['Assigned'],
				Assigned: ['Scheduled', 'Scheduled', 'Scheduled', 'Canceled'],
				Scheduled: ['Work Done', 'Work Done', 'Waiting'],
				Waiting: ['Scheduled'],
				'Work Done': ['Completed', 'Ready to Bill'],
				'Ready to Bill': ['Completed', 'Completed No Need To Bill'],
			};
			next = this.random.pick(flow[status] ?? ['Completed']);
		} else next = status === 'New' && this.random.chance(0.6) ? 'Decision Pending' : this.random.pick(['Approved', 'Approved', 'Denied', 'Canceled']);
		const id = key.replace(/^(work order|application) /, '');
		await this.control().update(kind, id, { status: next });
		this.setStatus(kind, key, next, kind === 'workOrder' ? !CLOSED_WORK_ORDERS.includes(next) : UNDECIDED.includes(next));
		this.note(`status ${kind} ${next}`, key);
	}

	// ---- leases, balances, vendors (the date and past-due events) --------------------------------

	private currentOccupancies(at = this.now) {
		const day = startOfDay(new Date(at));
		return this.db.units
			.filter((unit) => this.visibleProperty(unit.row.propertyId))
			.map((unit) => unitStatusOn(this.db, unit.row.upstreamId, day).occupant)
			.filter((occupant) => occupant !== undefined);
	}

	/** A lease renewed for a year (its end near), or an end keyed close (a lease shortened, a move-out agreed). */
	async leaseChanges(): Promise<void> {
		this.listChanges += 1;
		this.truthCache.clear();
		const occupancies = this.currentOccupancies();
		const near = occupancies.filter((occupancy) => dayOfServiceDate(formatDate(occupancy.leaseTo))! - this.today() <= 60);
		if (near.length && this.random.chance(0.6)) {
			const occupancy = this.random.pick(near);
			const leaseTo = formatDate(new Date(occupancy.leaseTo.getTime() + 365 * DAY_MS));
			await this.control().update('occupancy', occupancy.id, { leaseTo });
			return this.note(`lease renewed to ${leaseTo}`, `lease|${occupancy.id}`);
		}
		const occupancy = this.random.pick(occupancies);
		const leaseTo = serviceDateOfDay(this.today() + this.random.int(3, 75));
		await this.control().update('occupancy', occupancy.id, { leaseTo });
		this.note(`lease ends ${leaseTo}`, `lease|${occupancy.id}`);
	}

	/** Rent charged to a tenant, or a balance paid (in full, or in part). */
	async balanceChanges(): Promise<void> {
		this.listChanges += 1;
		this.truthCache.clear();
		const occupancy = this.random.pick(this.currentOccupancies());
		const shown = await this.control().update<{ pastDue: string }>('occupancy', occupancy.id, {});
		const owed = Number(shown.pastDue);
		if (owed > 0 && this.random.chance(0.5)) {
			const payment = this.random.chance(0.6) ? owed : Math.max(1, Math.round(owed * this.random.int(20, 90)) / 100);
			await this.control().update('occupancy', occupancy.id, { payment: payment.toFixed(2) });
			return this.note(`balance paid ${payment.toFixed(2)} of ${owed.toFixed(2)}`, `pastDue|${occupancy.id}`);
		}
		const charge = this.random.int(20, 1500);
		await this.control().update('occupancy', occupancy.id, { charge: `${charge}.00` });
		this.note(`balance charged ${charge}.00 over ${owed.toFixed(2)}`, `pastDue|${occupancy.id}`);
	}

	/** A vendor's insurance or licence about to lapse, or renewed for a year. */
	async vendorChanges(): Promise<void> {
		this.listChanges += 1;
		this.truthCache.clear();
		const vendor = this.random.pick(this.db.vendors.filter((one) => !one.invisible));
		const field = this.random.pick(DEFAULT_VENDOR_DOCUMENTS);
		const day = this.random.chance(0.6) ? this.today() + this.random.int(1, 45) : this.today() + this.random.int(300, 400);
		await this.control().update('vendor', vendor.row.upstreamId, { [field]: serviceDateOfDay(day) });
		this.note(`vendor ${field} ${serviceDateOfDay(day)}`, `vendor|${vendor.row.upstreamId}|${field}`);
	}

	/**
	 * What the service lists for a date or past-due event at `at` (the oracle's truth, read from the
	 * sandbox's data as its rent roll and vendor list do): dates within the largest horizon and not
	 * past, by day; occupancies above the threshold.
	 */
	truthOf(workflow: Workflow, at: number): Record<string, number> | undefined {
		if (workflow.family !== 'list') return undefined;
		// the same until the script changes a lease, a balance or a vendor, or a day turns (here or in the service's UTC)
		const cacheKey = `${workflow.event} ${workflow.threshold()} ${this.today(at)} ${startOfDay(new Date(at)).getTime()} ${this.listChanges}`;
		const cached = this.truthCache.get(cacheKey);
		if (cached) return cached;
		const truth = this.computeTruth(workflow, at);
		this.truthCache.set(cacheKey, truth);
		return truth;
	}

	private listChanges = 0;
	private truthCache = new Map<string, Record<string, number>>();

	private computeTruth(workflow: Workflow, at: number): Record<string, number> {
		const today = this.today(at);
		const truth: Record<string, number> = {};
		const within = (key: string, value: unknown, largest: number) => {
			const day = dayOfServiceDate(value);
			if (day !== undefined && day - today >= 0 && day - today <= largest) truth[key] = day;
		};
		if (workflow.event === 'vendorDocumentExpiring') {
			// as the profile lists them (hostile: a vendor's nulls are drawn from its id, the same on every read)
			const rows = this.asListed('/v1/vendors', this.db.vendors.filter((one) => !one.invisible).map((vendor) => vendor.row));
			for (const row of rows) {
				for (const field of DEFAULT_VENDOR_DOCUMENTS) within(`vendor|${String(row.upstreamId)}|${field}`, row[field], HORIZONS.vendorDocumentExpiring[0]);
			}
			return truth;
		}
		const occupancies = this.currentOccupancies(at);
		if (workflow.event === 'leaseEnding') {
			for (const occupancy of occupancies) within(`lease|${occupancy.id}`, formatDate(occupancy.leaseTo), HORIZONS.leaseEnding[0]);
			return truth;
		}
		const day = startOfDay(new Date(at));
		const cents = new Map<string, number>();
		for (const entry of this.db.ledger) if (entry.date <= day) cents.set(entry.occupancyId, (cents.get(entry.occupancyId) ?? 0) + entry.cents);
		for (const occupancy of occupancies) if ((cents.get(occupancy.id) ?? 0) > workflow.threshold() * 100) truth[`pastDue|${occupancy.id}`] = 1;
		return truth;
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
		// one record in ten comes without its id (the spec lets any field be null): the trigger tells it by the fields it keeps for life
		const idless = this.random.chance(0.1);
		const label = idless ? ' without id' : '';
		if (kind === 'tenantEvent') {
			for (let attempt = 0; attempt < 20; attempt++) {
				const occupancy = this.random.pick(this.db.occupancies);
				const event = this.random.pick(['Move-in', 'Move-out', 'Notice'] as const);
				const tenant = occupancy.tenantIds[0];
				const triple = `${event} occ ${occupancy.id} tenant ${tenant}`;
				const idlessTriple = `${event} occ null tenant ${tenant}`;
				if (this.usedTriples.has(triple) || this.usedTriples.has(idlessTriple) || !this.visibleProperty(occupancy.propertyId)) continue;
				this.usedTriples.add(triple);
				const day = this.dayNear(0.2, 0.3, 200);
				const stored = await this.control().inject<IDataObject>('tenantEvent', {
					event,
					occupancy: { upstreamId: occupancy.id },
					tenant: { upstreamId: tenant },
					occurredDate: serviceDateOfDay(day),
				});
				if (idless) {
					this.usedTriples.add(idlessTriple);
					this.rewrite(kind, keyOf(kind, stored), (record) => ({ ...record, occupancy: { ...(record.occupancy as IDataObject), upstreamId: null } }));
				}
				const key = idless ? idlessTriple : keyOf('tenantEvent', stored);
				this.change(kind, key, { day });
				this.note(`enter tenantEvent${label} ${serviceDateOfDay(day)}`, key);
				return;
			}
			return;
		}
		if (kind === 'workOrder' || kind === 'rentalApplication') {
			// entered today, or back-dated (a repair logged days later, an application keyed in from paper)
			const day = this.dayNear(0.3, 0, 0);
			const stored = await this.control().inject<IDataObject>(kind, { [kind === 'workOrder' ? 'createdAt' : 'received']: serviceDateOfDay(day) });
			const key = keyOf(kind, stored);
			this.change(kind, key, { day });
			this.setStatus(kind, key, 'New', true);
			this.note(`enter ${kind} ${serviceDateOfDay(day)}`, key);
			return;
		}
		const property = this.random.pick(this.visibleProperties()).row.upstreamId;
		const reference = idless ? `SOAK-${++this.idless}` : undefined;
		if (kind === 'bill') {
			const day = this.dayNear(0.3, 0.2, 30);
			const paid = this.random.chance(0.2);
			const stored = await this.control().inject<IDataObject>('bill', { billDate: serviceDateOfDay(day), status: paid ? 'Paid' : 'Unpaid', propertyId: property, ...(reference ? { reference } : {}) });
			if (idless) this.rewrite(kind, keyOf(kind, stored), (bill) => ({ ...bill, upstreamId: null }));
			const key = idless ? `bill ref ${reference}` : keyOf('bill', stored);
			this.change(kind, key, { day, open: !paid, idless });
			this.setBillStatus(key, this.billDetail(key));
			this.note(`enter bill${label} ${serviceDateOfDay(day)}${paid ? ' paid' : ''}`, key);
			return;
		}
		const day = this.dayNear(0.3, 0, 0);
		const name = idless ? `Soak Lead ${++this.idless}` : undefined;
		const stored = await this.control().inject<IDataObject>('guestCard', { received: serviceDateOfDay(day), propertyId: property, ...(name ? { name } : {}) });
		if (idless) this.rewrite(kind, keyOf(kind, stored), (card) => ({ ...card, guestCardId: null }));
		const key = idless ? `card name ${name}` : keyOf('guestCard', stored);
		this.change(kind, key, { day, idless });
		this.note(`enter guestCard${label} ${serviceDateOfDay(day)}`, key);
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
		if (SHOWN_KINDS.includes(kind) && edit !== 'delete') this.noteServed(kind, keyOf(kind, (kind === 'bill' ? list[at].detail : list[at]) as IDataObject), list[at]);
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
		let roll = this.random.next();
		// a bill or guest card without an id is told by its date among other fields: a moved date makes it another record, so staff edit its other fields
		if (roll < 0.6 && this.records[kind].get(key)!.history.at(-1)!.idless) roll = 0.6 + roll / 3;
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
				this.change(kind, key, { ...this.records[kind].get(key)!.history.at(-1)!, day, open: !paid });
				this.setBillStatus(key, this.billDetail(key));
				return this.note(`edit bill ${paid ? 'paid' : 'payment voided'}`, key);
			}
			const field = kind === 'tenantEvent' ? 'rent' : 'notes';
			this.rewrite(kind, key, (record) => ({ ...record, [field]: kind === 'tenantEvent' ? `${this.random.int(900, 3000)}.00` : `call back ${this.random.digits(3)}` }));
			return this.note(`edit ${kind} ${field}`, key);
		}
		this.rewrite(kind, key, 'delete');
		this.change(kind, key, { day: null });
		if (kind === 'bill') this.setStatus(kind, key, 'deleted', false);
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
			this.note(`pause ${workflow.label} until ${new Date(workflow.resumeAt).toISOString()}`);
			return;
		}
		workflow.killNext = this.random.chance(0.01);
		workflow.overlapNext = this.random.chance(0.01);
		workflow.flipNext = this.random.chance(0.01);
	}

	/**
	 * What users do to a running workflow, on a plan every seed meets (once per 60 virtual days, at
	 * seeded instants): Lookback narrowed or widened and set back, Status = Unpaid set on the bills and
	 * taken off, After a Pause switched and the workflow paused, the package upgraded over older state,
	 * Look Ahead and Past Due Above changed and set back.
	 */
	private planScenarios(): void {
		const period = Math.min(this.options.days, 60);
		const at = (cycle: number, share: number) => (cycle * period + share * period) * DAY_MS + this.random.int(0, 23) * HOUR_MS;
		const main = (['tenantEvent', 'bill', 'guestCard'] as const).map((label) => this.workflow(label));
		for (let cycle = 0; cycle * period < this.options.days; cycle++) {
			const lookback = this.random.pick([7, 30]);
			this.later(at(cycle, 0.2), 'lookback', () => main.forEach((workflow) => this.setLookback(workflow, lookback)));
			this.later(at(cycle, 0.5), 'lookback', () => main.forEach((workflow) => this.setLookback(workflow, undefined)));
			this.later(at(cycle, 0.3), 'filter', () => this.setFilter(this.workflow('bill'), 'Unpaid'));
			this.later(at(cycle, 0.65), 'filter', () => this.setFilter(this.workflow('bill'), undefined));
			const switched = this.random.pick(main);
			this.later(at(cycle, 0.4), 'after a pause', () => this.switchAfterPause(switched, true));
			this.later(at(cycle, 0.8), 'after a pause', () => this.switchAfterPause(switched, false));
			this.later(at(cycle, 0.55), 'upgrade', () => this.upgrade());
			// Look Ahead narrowed, widened and set back (the tenant events: the one new-record event with a Look Ahead option)
			const events = this.workflow('tenantEvent');
			const wider = this.random.pick([90, 120]);
			this.later(at(cycle, 0.15), 'look ahead', () => this.setLookAhead(events, 14));
			this.later(at(cycle, 0.35), 'look ahead', () => this.setLookAhead(events, wider));
			this.later(at(cycle, 0.6), 'look ahead', () => this.setLookAhead(events, undefined));
			// Past Due Above raised or lowered, and set back: the edit's first poll records the present
			const amount = this.random.pick([60, 150]);
			this.later(at(cycle, 0.45), 'past due above', () => this.setThreshold(this.workflow('rentPastDue'), amount));
			this.later(at(cycle, 0.75), 'past due above', () => this.setThreshold(this.workflow('rentPastDue'), undefined));
		}
		// once per seed: the workflows' time zone changed in their settings, and changed back later
		const zone = this.random.pick(['Europe/Berlin', 'Pacific/Honolulu']);
		this.later(at(0, 0.25), 'time zone', () => main.forEach((workflow) => this.setTimeZone(workflow, zone)));
		this.later(at(0, 0.7), 'time zone', () => main.forEach((workflow) => this.setTimeZone(workflow, TIME_ZONE)));
	}

	/** Look Ahead set (undefined: the default, 60): the oracle learns what a full read recorded from the state's span at each poll */
	private setLookAhead(workflow: Workflow, days: number | undefined): void {
		this.editWorkflow(workflow, (parameters) => {
			const options = parameters.options as IDataObject;
			if (days === undefined) delete options.lookaheadDays;
			else options.lookaheadDays = days;
		}, `Look Ahead ${days ?? 'default'}`);
	}

	/** The workflow's time zone changed in its settings (an edit of the active workflow): "today" turns at that zone's midnight from the next poll on */
	private setTimeZone(workflow: Workflow, zone: string): void {
		this.editWorkflow(workflow, () => undefined, `time zone ${zone}`);
		workflow.timeZone = zone;
	}

	private editWorkflow(workflow: Workflow, change: (parameters: INodeParameters) => void, what: string): void {
		const parameters = JSON.parse(JSON.stringify(workflow.parameters)) as INodeParameters;
		change(parameters);
		workflow.parameters = parameters;
		workflow.edited = true;
		this.note(`option ${workflow.label}: ${what}`);
	}

	/** Lookback set (undefined: the default, 14): widened, the next full read records the added days */
	private setLookback(workflow: Workflow, days: number | undefined): void {
		const covered = Number(((workflow.state()?.span as IDataObject | undefined)?.back as number | undefined) ?? workflow.lookbackDays());
		this.editWorkflow(workflow, (parameters) => {
			const options = parameters.options as IDataObject;
			if (days === undefined) delete options.lookbackDays;
			else options.lookbackDays = days;
		}, `Lookback ${days ?? 'default'}`);
		const checkpoint = workflow.state()?.checkpoint as number | undefined;
		workflow.addedDays = checkpoint !== undefined && workflow.lookbackDays() > covered ? { from: checkpoint - workflow.lookbackDays(), to: checkpoint - covered - 1 } : undefined;
	}

	/** A filter set or taken off: the state belongs to other filters, the next poll records the present */
	private setFilter(workflow: Workflow, status: string | undefined): void {
		this.editScope(workflow, (parameters) => {
			parameters.filters = status ? { status } : {};
		}, `Status ${status ?? 'All'}`);
	}

	/** Past Due Above set (undefined: PAST_DUE_ABOVE): part of the scope, so the next poll records the present (docs/trigger.md "Dates coming up", First poll) */
	private setThreshold(workflow: Workflow, amount: number | undefined): void {
		this.editScope(workflow, (parameters) => {
			parameters.threshold = amount ?? PAST_DUE_ABOVE;
		}, `Past Due Above ${amount ?? 'default'}`);
	}

	/** An edit of what the state's scope holds: until a poll records the present under the new scope, the state's is stale */
	private editScope(workflow: Workflow, change: (parameters: INodeParameters) => void, what: string): void {
		const scope = workflow.state()?.scope as string | undefined;
		this.editWorkflow(workflow, change, what);
		// set and taken off again before any poll (a paused workflow): the state is the parameters' own again
		workflow.staleScope = scopeParametersOf(workflow.parameters) === workflow.stateScopeParameters ? undefined : scope;
	}

	/** After a Pause switched away from the event's default (and back), and the workflow paused for days right after */
	private switchAfterPause(workflow: Workflow, away: boolean): void {
		this.editWorkflow(workflow, (parameters) => {
			if (away) parameters.afterPause = workflow.afterPause() === 'startFromNow' ? 'emitWhatArrived' : 'startFromNow';
			else delete parameters.afterPause;
		}, `After a Pause ${workflow.afterPause() === 'startFromNow' ? 'Emit What Arrived' : 'Start From Now'}`);
		if (!away || !workflow.active || this.outageUntil !== undefined) return;
		workflow.active = false;
		workflow.resumeAt = this.now + this.random.int(1, 3) * DAY_MS;
		this.note(`pause ${workflow.label} until ${new Date(workflow.resumeAt).toISOString()}`);
	}

	/**
	 * The package upgraded over older state: n8n restarts on the new version with the state its
	 * database holds, written as version 2 did (state.ts): tenant events keyed with their date as
	 * text, records without an id by their whole content, no dated keys, no polledAt.
	 */
	private upgrade(): void {
		for (const workflow of this.workflows) {
			workflow.persisted = this.olderState(workflow, workflow.persisted);
			workflow.memory = JSON.parse(JSON.stringify(workflow.persisted)) as IDataObject;
			// before the edits of this step, which share its instant (a record moved right after the upgrade moved after it)
			workflow.upgradedAt = this.now - 1;
			workflow.restarted = true;
		}
		this.note('package upgraded over version-2 state');
	}

	/**
	 * The work orders whose status the service never shows (the hostile profile nulls a record's fields by
	 * its id, the same in every read). Bills and applications are read one status at a time, so the read
	 * tells their status; a work order's open statuses cannot be told apart (docs/trigger.md "Status changes").
	 */
	workOrdersWithoutStatus(): Set<string> {
		if (this.options.profile !== 'hostile') return new Set();
		const rows = this.db.workOrders as unknown as IDataObject[];
		const listed = this.asListed(PATHS.workOrder, rows);
		return new Set(rows.filter((_row, index) => listed[index].status === null || listed[index].status === undefined).map((row) => keyOf('workOrder', row)));
	}

	/** Rows as the sandbox's profile lists them on `path` (the spec profile: as stored). */
	private asListed(path: string, rows: object[]): IDataObject[] {
		return presentRows(this.sandbox.handle.state.context(this.sandbox.url), path, rows) as IDataObject[];
	}

	private olderState(workflow: Workflow, staticData: IDataObject): IDataObject {
		const state = staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
		// the events of issue 48 came after version 2: none of them has older state
		if (!state || state.version !== 3 || !EDITED_KINDS.includes(workflow.kind) || workflow.family !== 'record') return staticData;
		const dayOfHash = new Map<string, number>();
		for (const json of [state.seen, state.dated] as Array<Record<string, string> | undefined>) {
			for (const [day, hashes] of Object.entries(json ?? {})) {
				for (let at = 0; at + 8 <= hashes.length; at += 8) dayOfHash.set(hashes.slice(at, at + 8), Math.max(Number(day), dayOfHash.get(hashes.slice(at, at + 8)) ?? -Infinity));
			}
		}
		// a workflow that lists unpaid bills only knew a bill paid since as it was listed then, unpaid (soak finding 7)
		const asKnown = (row: IDataObject) => (workflow.onlyOpen() && !isOpenBill(row.status) ? { ...row, status: row.status === 'Used' ? 'Unused' : 'Unpaid' } : row);
		const stored = (workflow.kind === 'tenantEvent' ? this.db.tenantEvents : workflow.kind === 'guestCard' ? this.db.guestCards : this.db.bills.map((bill) => asKnown(billListRow(this.db, bill) as unknown as IDataObject))) as unknown as IDataObject[];
		const definition = EVENT_DEFINITIONS[workflow.kind];
		// the keys version 2 kept are of the records as the service listed them (documented: a guest card's received with its time)
		const list = this.asListed(definition.path, stored);
		const older = new Map<number, string[]>();
		for (const record of list) {
			const day = dayOfHash.get(shortHash(definition.dedupeKey(record, { dateChanges: workflow.dateChanges() })));
			if (day === undefined) continue;
			older.set(day, [...(older.get(day) ?? []), shortHash(definition.carriedKeys(record)[0])]);
		}
		const seen = Object.fromEntries([...older].sort(([a], [b]) => a - b).map(([day, hashes]) => [String(day), hashes.sort().join('')]));
		const { scope, checkpoint, span, reads } = state;
		return { ...staticData, [`node:${NODE_NAME}`]: { version: 2, scope, checkpoint, span, reads, seen } };
	}

	/** A poll as n8n runs it: its items reach the workflow and n8n saves the static data when it emits or activates. */
	/**
	 * The state must stay bounded (docs/trigger.md "Identities"): at most two keys (kept and dated, or
	 * a tenant event's identity and its key on its day) per change the script made to a record in the
	 * last year that left it dated near the window (or unpaid), whatever the run's length.
	 */
	private checkBound(workflow: Workflow, size: number): void {
		if (workflow.family !== 'record') return this.checkChangeBound(workflow, size);
		const since = this.now - (MOVED_RECORD_KEEP_DAYS + 1) * DAY_MS;
		const firstDay = this.today() - MOVED_RECORD_KEEP_DAYS - workflow.lookbackDays() - 2;
		let changes = 0;
		for (const record of this.records[workflow.kind].values()) {
			record.history.forEach((change, at) => {
				const current = change.at >= since || record.history[at + 1] === undefined || record.history[at + 1].at >= since;
				if (current && (change.open || (change.day !== null && change.day >= firstDay))) changes += 1;
			});
		}
		const bound = 2 * changes + 16;
		workflow.maxBound = bound;
		if (size > bound) workflow.overBound.push(`${size} keys at ${new Date(this.now).toISOString()}, bound ${bound}`);
	}

	/** Keys the state holds: seen and dated keys; a status event's open records; a date or past-due event's entries. */
	private stateSize(workflow: Workflow): number {
		const state = workflow.state();
		if (workflow.family === 'status') return Object.keys((state?.open ?? {}) as IDataObject).length;
		if (workflow.family === 'list') return Object.keys((state?.entries ?? {}) as IDataObject).length;
		return SeenRecords.fromJson(state?.seen, state?.dated).size;
	}

	/**
	 * docs/trigger.md "Status changes", "Dates coming up and rent past due": a status event keeps the
	 * records open now and those that left the open set in the last day (one not found is kept a
	 * day); a date or past-due event what was within the horizons or above the amount at a read of
	 * the last day (its reads are at most 6 hours apart, a day when the workflow was paused).
	 */
	private checkChangeBound(workflow: Workflow, size: number): void {
		let bound = 16;
		if (workflow.family === 'status') {
			const kind = workflow.kind as StatusKind;
			const open = (kind === 'workOrder'
				? this.db.workOrders.filter((order) => this.visibleProperty(order.property.upstreamId) && !CLOSED_WORK_ORDERS.includes(order.status))
				: kind === 'rentalApplication'
					? this.db.rentalApplications.filter((application) => this.visibleProperty(application.row.propertyId) && UNDECIDED.includes(application.row.status))
					: this.db.bills.filter((bill) => this.visibleBill(bill) && !['Paid', 'Used'].includes(bill.detail.status))
			).length;
			const left = [...this.statuses[kind].values()].filter((steps) => steps.some((step, at) => at > 0 && !step.open && steps[at - 1].open && step.at >= this.now - 2 * DAY_MS)).length;
			bound += open + left;
		} else {
			const keys = new Set<string>();
			for (const poll of workflow.polls) if (poll.at >= this.now - 2 * DAY_MS) Object.keys(poll.truth ?? {}).forEach((key) => keys.add(key));
			bound += keys.size;
		}
		workflow.maxBound = bound;
		if (size > bound) workflow.overBound.push(`${size} keys at ${new Date(this.now).toISOString()}, bound ${bound}`);
	}

	async poll(workflow: Workflow, activation: WorkflowActivateMode = workflow.restarted ? 'init' : 'update'): Promise<void> {
		workflow.restarted = false;
		const startedAt = performance.now();
		try {
			await this.pollOnce(workflow, activation);
		} finally {
			workflow.pollMs += performance.now() - startedAt;
		}
	}

	private async pollOnce(workflow: Workflow, activation: WorkflowActivateMode): Promise<void> {
		if (process.env.SOAK_DEBUG) process.stderr.write(`poll ${workflow.label} ${new Date().toISOString()} ${activation} ${performance.now().toFixed(0)}\n`);
		const at = Date.now();
		const state = workflow.state();
		const reads = Object.values((state?.reads ?? {}) as Record<string, IDataObject>).map((read) => Number(read.readAt));
		// the trigger's lastPolledAt: older state has no polledAt
		const polledAt = typeof state?.polledAt === 'number' ? state.polledAt : reads.length ? Math.max(...reads) : undefined;
		// a filter changed: the state belongs to the old filters, the first poll records the present
		const scopeGone = state !== undefined && workflow.staleScope !== undefined && state.scope === workflow.staleScope;
		const recordsPresent =
			!state || scopeGone || (activation === 'activate' && workflow.afterPause() === 'startFromNow' && (polledAt === undefined || at - polledAt > PAUSE_BOUND_MS));
		const record: PollRecord = {
			at,
			endedAt: at,
			outcome: 'ok',
			recordsPresent,
			startsOver: !state || scopeGone,
			emitted: [],
			checkpoint: typeof state?.checkpoint === 'number' ? state.checkpoint : undefined,
			lookbackDays: workflow.lookbackDays(),
			aheadDays: workflow.aheadDays(),
			today: workflow.today(at),
			onlyOpen: workflow.onlyOpen(),
			upgradedAt: workflow.upgradedAt,
			truth: this.truthOf(workflow, at),
		};
		const durable = this.options.scheduler === 'durable';
		// the durable scheduler stages each poll's static data on what its database holds
		if (durable) workflow.memory = JSON.parse(JSON.stringify(workflow.persisted)) as IDataObject;
		const run = () =>
			runPoll({
				nodeType: triggerNode,
				parameters: workflow.parameters,
				credentials: credentialsOf(this.sandbox),
				staticData: workflow.memory,
				timezone: workflow.timeZone,
				activation,
				workflowId: `soak-${workflow.label}`,
				pollBudgetMs: durable ? DURABLE_POLL_BUDGET_MS : undefined,
			});
		this.polling = workflow;
		try {
			let outcome: Awaited<ReturnType<typeof run>>;
			if (workflow.overlapNext) {
				workflow.overlapNext = false;
				this.note(`overlapping polls ${workflow.label}`);
				// n8n shares one static data object: the poll that finishes last leaves its state
				const finished: Array<Awaited<ReturnType<typeof run>>> = [];
				await Promise.all([run(), run()].map(async (pending) => finished.push(await pending)));
				const emitted = finished.filter((one) => one.items !== null);
				outcome = emitted.length ? emitted[emitted.length - 1] : finished[finished.length - 1];
				for (const extra of emitted.slice(0, -1)) record.emitted.push(...(extra.items?.[0] ?? []).flatMap((item: INodeExecutionData) => emissionKeys(workflow, item.json)));
			} else if (workflow.flipNext) {
				workflow.flipNext = false;
				const pending = run();
				// a record arrives and the service refreshes while the poll reads its pages
				await new Promise((resolve) => setTimeout(resolve, 3));
				// entered during this poll, after the polls of other workflows in this step
				this.now = at;
				if (workflow.family === 'record') await this.enter(workflow.kind);
				else if (workflow.family === 'status') await this.moveStatus(workflow.kind as StatusKind);
				else if (workflow.event === 'vendorDocumentExpiring') await this.vendorChanges();
				else await this.balanceChanges();
				await this.control().expire(workflow.path);
				// what the service lists changed during the read: the poll may have read either
				if (workflow.family === 'list') record.truth = this.truthOf(workflow, Date.now());
				this.note(`snapshot flips mid-read ${workflow.label}`);
				outcome = await pending;
			} else outcome = await run();
			record.endedAt = Date.now();
			if (workflow.killNext) {
				workflow.killNext = false;
				record.outcome = 'killed';
				this.note(`poll killed ${workflow.label}`);
				workflow.memory = JSON.parse(JSON.stringify(workflow.persisted)) as IDataObject;
				workflow.polls.push(record);
				this.polling = undefined;
				return;
			}
			workflow.memory = outcome.staticData;
			// n8n saves the state after an activation, and after the first poll of an edited workflow;
			// with durable cursors, after every poll that returned
			if (durable || outcome.items !== null || activation !== 'update' || workflow.edited) {
				record.saved = true;
				workflow.persisted = outcome.staticData;
				workflow.edited = false;
			}
			const after = workflow.state();
			if (after?.scope !== workflow.staleScope) {
				workflow.staleScope = undefined;
				workflow.stateScopeParameters = scopeParametersOf(workflow.parameters);
			}
			// the widened window's first full read recorded the added days
			if (workflow.addedDays && (after?.span as IDataObject | undefined)?.back === workflow.lookbackDays()) {
				record.added = workflow.addedDays;
				workflow.addedDays = undefined;
			}
			// Look Ahead: a full read covers the span the state held before it (coveredSpan in schedule.ts); the days
			// beyond that span up to a widened Look Ahead are recorded as present. Those beyond a narrowed one are
			// not emitted, and not recorded either (soak finding 4): a record there fires once it comes within the window
			const spanBefore = state?.span as IDataObject | undefined;
			const fullBefore = ((state?.reads as IDataObject | undefined)?.full as IDataObject | undefined)?.readAt;
			const fullAfter = ((after?.reads as IDataObject | undefined)?.full as IDataObject | undefined)?.readAt;
			if (workflow.kind === 'tenantEvent' && workflow.family === 'record' && typeof spanBefore?.ahead === 'number' && fullAfter !== undefined && fullAfter !== fullBefore) {
				const today = workflow.today(at);
				const ahead = workflow.aheadDays();
				const before = spanBefore.ahead;
				if (ahead > before) record.recorded = [...(record.recorded ?? []), { from: today + before + 1, to: today + ahead }];
			}
			// the first full read after the upgrade moved every listed key to this version
			if (workflow.upgradedAt !== undefined && after?.version === 3 && after.legacyKeys !== true) workflow.upgradedAt = undefined;
			record.emitted.push(...(outcome.items?.[0] ?? []).flatMap((item) => emissionKeys(workflow, item.json)));
			if (workflow.state()?.outage !== undefined) record.outcome = 'stale';
			if (process.env.SOAK_DEBUG) process.stderr.write(`  ${workflow.label} ${record.outcome}${record.recordsPresent ? ' recording the present' : ''}, emitted ${record.emitted.join(', ') || 'nothing'}\n`);
		} catch (error) {
			record.endedAt = Date.now();
			record.outcome = 'failed';
			if (!/has not returned fresh/.test(String(error))) this.note(`poll failed ${workflow.kind}: ${String(error)}`);
		}
		workflow.polls.push(record);
		this.polling = undefined;
		const size = this.stateSize(workflow);
		if (size > workflow.maxSeen) this.checkBound(workflow, size);
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
		let steps = 0;
		for (let day = 0; day < this.options.days; day++) {
			onDay?.(day);
			for (let step = 0; step < stepsPerDay; step++) {
				this.advance(this.now + stepMs);
				steps += 1;
				if (!jumped && day >= this.options.days / 2 && step === 2) {
					// the host's clock is set an hour ahead (NTP after a drift; the workflow's own zone changes its clocks on its dates, TIME_ZONE)
					jumped = true;
					this.advance(this.now + HOUR_MS);
					this.note('host clock jumps an hour');
				}
				const due = this.pending.filter((action) => action.at <= this.now);
				this.pending = this.pending.filter((action) => action.at > this.now);
				for (const action of due) action.run();
				for (const kind of KINDS) {
					if (this.random.chance(entryChance)) await this.enter(kind);
					if (EDITED_KINDS.includes(kind) && this.random.chance(entryChance * 0.6)) await this.edit(kind);
				}
				for (const kind of ['workOrder', 'rentalApplication', 'bill'] as const) if (this.random.chance(entryChance)) await this.moveStatus(kind);
				if (this.random.chance(entryChance / 2)) await this.leaseChanges();
				if (this.random.chance(entryChance)) await this.balanceChanges();
				if (this.random.chance(entryChance / 2)) await this.vendorChanges();
				await this.serviceMisbehaves();
				for (const workflow of this.workflows) {
					if (!workflow.active) {
						if (workflow.resumeAt !== undefined && this.now >= workflow.resumeAt && this.outageUntil === undefined) {
							workflow.active = true;
							this.note(`reactivate ${workflow.label}`);
							await this.poll(workflow, 'activate');
						}
						continue;
					}
					if (steps % workflow.everySteps !== 0) continue;
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
		// staff's last edits come some minutes before the workflows are switched back on: a re-activation's
		// first fresh answer may be a snapshot served up to Max Age before it, which must not predate them
		this.advance(this.now + 5 * 60_000);
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

	/**
	 * `minutes` of 1-minute polls after the run, nothing entered: requests per idle poll. The reads that
	 * came due during the run's longer intervals (a full window and open bills due at once after 2 hours)
	 * are those polls' cost: the idle polls start once each workflow has had a poll that sent no request
	 * (at most 15 minutes of 1-minute polls before them; their requests are reported as the catch-up).
	 */
	async idlePolls(minutes: number): Promise<{ idle: Record<WorkflowLabel, number>; catchUp: Record<WorkflowLabel, number> }> {
		const start = Object.fromEntries(this.workflows.map((workflow) => [workflow.label, workflow.requests]));
		const settled = new Set<Workflow>();
		for (let minute = 0; minute < 15 && settled.size < this.workflows.length; minute++) {
			this.advance(this.now + 60_000);
			for (const workflow of this.workflows) {
				const sent = workflow.requests;
				await this.poll(workflow);
				if (workflow.requests === sent) settled.add(workflow);
			}
		}
		const before = Object.fromEntries(this.workflows.map((workflow) => [workflow.label, workflow.requests]));
		for (let minute = 0; minute < minutes; minute++) {
			this.advance(this.now + 60_000);
			for (const workflow of this.workflows) await this.poll(workflow);
		}
		const perLabel = (count: (workflow: Workflow) => number) => Object.fromEntries(this.workflows.map((workflow) => [workflow.label, count(workflow)])) as Record<WorkflowLabel, number>;
		return {
			idle: perLabel((workflow) => (workflow.requests - before[workflow.label]) / minutes),
			catchUp: perLabel((workflow) => before[workflow.label] - start[workflow.label]),
		};
	}
}

/** An unpaid bill or an unused vendor credit: what Status = Unpaid lists. */
function isOpenBill(status: unknown): boolean {
	return status === 'Unpaid' || status === 'Unused';
}

function billState(bill: BillRecord): Omit<RecordChange, 'at'> {
	return { day: dayOfServiceDate(bill.detail.billDate) ?? null, open: isOpenBill(bill.detail.status) };
}

/** The day of a date the service writes, also with a time (a guest card's `received`: "… at 3:15 PM"); null when absent. */
function dayOfStamp(value: unknown): number | null {
	return dayOfServiceDate(String(value ?? '').replace(/ at .*$/, '')) ?? null;
}

function cardDay(card: GuestCard): number | null {
	return dayOfStamp(card.received);
}
