/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject } from 'n8n-workflow';
import { isRecordEvent, serviceDateFromToday, triggerEventTypes } from '../../test/support/trigger';
import type { UpdateKind } from '../../sandbox/types';
import { startBenchSandbox } from '../lib/benchSandbox';
import { loadTrigger } from '../lib/nodes';
import { fixed, mean } from '../lib/stats';
import type { Row } from '../lib/table';
import { DRAIN_CAP_MINUTES, FULL_SCALE, MAX_WAIT_S, POLL_MS, QUICK_SCALE, randomOf, SERVICE_PAGE_SIZE, TIME_ZONE, TriggerArm, type Scale } from '../lib/triggerArms';
import { freshKey, type BenchSettings, type RowResult } from './context';

const ACTIVATION_MAX_WAIT_S = 30;

interface Sizes extends Scale {
	/** changes per event type, at random minutes */
	changes: number;
}
const FULL_SIZES: Sizes = { ...FULL_SCALE, changes: 10 };
const QUICK_SIZES: Sizes = { ...QUICK_SCALE, minutes: 8, changes: 2 };

type Db = {
	workOrders: Array<{ upstreamId: string; status: string; property: { upstreamId: string } }>;
	bills: Array<{ detail: { upstreamId: string; status: string; approvalStatus: string }; propertyIds: string[] }>;
	rentalApplications: Array<{ row: { rentalApplicationId: number; status: string; propertyId: string } }>;
	occupancies: Array<{ id: string; status: string; propertyId: string; leaseTo: Date }>;
	vendors: Array<{ row: { upstreamId: string }; invisible: boolean }>;
	properties: Array<{ row: { upstreamId: string }; invisible?: boolean }>;
	ledger: Array<{ occupancyId: string; cents: number }>;
};

/** One change staff make: which record, how, and the id its emission carries. */
interface Change {
	kind: UpdateKind;
	id: string;
	set: IDataObject;
}

/** What each change event's arm asks of the trigger, which record it changes, and how its emission names the record. */
interface ChangeEvent {
	parameters: IDataObject;
	/** the next change, on a record no earlier change of the run touched */
	next(db: Db, touched: Set<string>, visible: (propertyId: string) => boolean): Change;
	emittedId(json: IDataObject): string;
}

const date = (offsetDays: number) => serviceDateFromToday(offsetDays, TIME_ZONE);
const untouched = <T>(records: T[], id: (record: T) => string, touched: Set<string>, when: (record: T) => boolean): string => {
	const found = records.find((record) => when(record) && !touched.has(id(record)));
	if (!found) throw new Error('the seed has no record left to change');
	return id(found);
};

const CHANGE_EVENTS: Record<string, ChangeEvent> = {
	workOrderStatus: {
		parameters: {},
		next: (db, touched, visible) => ({
			kind: 'workOrder',
			id: untouched(db.workOrders, (order) => order.upstreamId, touched, (order) => ['New', 'Assigned', 'Scheduled'].includes(order.status) && visible(order.property.upstreamId)),
			set: { status: 'Completed' },
		}),
		emittedId: (json) => String(json.upstreamId),
	},
	billPaidOrApproved: {
		parameters: {},
		next: (db, touched, visible) => ({
			kind: 'bill',
			id: untouched(db.bills, (bill) => bill.detail.upstreamId, touched, (bill) => bill.detail.status === 'Unpaid' && bill.detail.approvalStatus === 'Pending Approval' && bill.propertyIds.every(visible)),
			set: { approvalStatus: 'Approved' },
		}),
		emittedId: (json) => String(json.upstreamId),
	},
	applicationDecided: {
		parameters: {},
		next: (db, touched, visible) => ({
			kind: 'rentalApplication',
			id: untouched(db.rentalApplications, (application) => String(application.row.rentalApplicationId), touched, (application) => ['New', 'Decision Pending'].includes(application.row.status) && visible(application.row.propertyId)),
			set: { status: 'Approved' },
		}),
		emittedId: (json) => String(json.rentalApplicationId),
	},
	leaseEnding: {
		parameters: { horizonDays: '90, 60, 30' },
		next: (db, touched, visible) => ({
			kind: 'occupancy',
			id: untouched(db.occupancies, (occupancy) => occupancy.id, touched, (occupancy) => occupancy.status === 'current' && visible(occupancy.propertyId) && occupancy.leaseTo.getTime() > Date.now() + 100 * 86_400_000),
			set: { leaseTo: date(45) },
		}),
		emittedId: (json) => String(json.occupancyId),
	},
	vendorDocumentExpiring: {
		parameters: { horizonDays: '30' },
		next: (db, touched) => ({
			kind: 'vendor',
			id: untouched(db.vendors, (vendor) => vendor.row.upstreamId, touched, (vendor) => !vendor.invisible),
			set: { liabilityInsExpires: date(20) },
		}),
		emittedId: (json) => String(json.upstreamId),
	},
	rentPastDue: {
		parameters: { threshold: 100 },
		next: (db, touched, visible) => {
			const owing = new Map<string, number>();
			for (const entry of db.ledger) owing.set(entry.occupancyId, (owing.get(entry.occupancyId) ?? 0) + entry.cents);
			return {
				kind: 'occupancy',
				id: untouched(db.occupancies, (occupancy) => occupancy.id, touched, (occupancy) => occupancy.status === 'current' && visible(occupancy.propertyId) && (owing.get(occupancy.id) ?? 0) <= 0),
				set: { charge: '150.00' },
			};
		},
		emittedId: (json) => String(json.occupancyId),
	},
};

interface PollRecord {
	minute: number;
	requests: number;
	emitted: number;
	stateBytes: number;
}

class Arm extends TriggerArm<PollRecord> {
	/** record id → minute changed */
	readonly changed = new Map<string, number>();
	/** record id → minutes emitted */
	readonly emitted = new Map<string, number[]>();

	async poll(minute: number, activation = false): Promise<number> {
		const records = await this.pollTrigger({
			parameters: CHANGE_EVENTS[this.event].parameters,
			maxWait: activation ? ACTIVATION_MAX_WAIT_S : MAX_WAIT_S,
			activation,
			workflowId: `bench-changes-${this.event}`,
		});
		for (const item of records) {
			const id = CHANGE_EVENTS[this.event].emittedId(item.json);
			this.emitted.set(id, [...(this.emitted.get(id) ?? []), minute]);
		}
		return records.length;
	}

	done(): boolean {
		return [...this.changed.keys()].every((id) => this.emitted.has(id));
	}

	/** Open records (status events) or dates and balances (list events) the state holds. */
	entries(): number {
		const state = Object.values(this.staticData)[0] as IDataObject | undefined;
		return Object.keys(((state?.open ?? state?.entries) as IDataObject | undefined) ?? {}).length;
	}
}

/**
 * Issue 48: the trigger's change events (a status moving on, a date coming up, a balance past due) at
 * scale: one arm per event type the node describes beyond its new-record ones, each polled every
 * simulated minute while staff change records at random minutes, then until every change fired.
 * Reported per type: requests per idle poll, the delay from change to emission, the state's size, and
 * exactly once (missed, doubled, emissions no change made).
 */
export async function triggerChangesAtScaleRow(settings: BenchSettings): Promise<RowResult> {
	const sizes = settings.quick ? QUICK_SIZES : FULL_SIZES;
	const described = triggerEventTypes(new (loadTrigger().PropertyManagementTrigger)().description).filter((event) => !isRecordEvent(event));
	const unknown = described.filter((event) => !CHANGE_EVENTS[event]);
	if (unknown.length) throw new Error(`triggerChangesAtScale: no change plan for ${unknown.join(', ')}`);
	const notDescribed = settings.changeEvents?.filter((event) => !described.includes(event)) ?? [];
	if (notDescribed.length) throw new Error(`--change-events: ${notDescribed.join(', ')} is not one of ${described.join(', ')}`);
	const measured = described.filter((event) => !settings.changeEvents || settings.changeEvents.includes(event));
	const sandbox = await startBenchSandbox({ pageSize: SERVICE_PAGE_SIZE, jobSeconds: 0, rateLimit: false, units: sizes.units });
	const started = performance.now();
	try {
		const { state } = sandbox.handle;
		const db = state.db as unknown as Db;
		const hidden = new Set(db.properties.filter((property) => property.invisible).map((property) => property.row.upstreamId));
		const visible = (propertyId: string) => !hidden.has(propertyId);
		let offsetMs = 0;
		const setClock = async () => void (await sandbox.control.config({ clock: new Date(Date.now() + offsetMs).toISOString() }));
		await setClock();
		const arms = measured.map((event) => new Arm(event, freshKey(sandbox), sandbox));
		await Promise.all(arms.map((arm) => arm.poll(0, true)));
		const activationBytes = new Map(arms.map((arm) => [arm, JSON.stringify(arm.staticData).length]));
		const touched = new Set<string>();
		const random = randomOf(48);
		const plans = new Map(arms.map((arm) => [arm, Array.from({ length: sizes.changes }, () => 2 + Math.floor(random() * (sizes.minutes - 3)))]));
		for (let minute = 1; minute <= sizes.minutes + DRAIN_CAP_MINUTES; minute++) {
			const active = arms.filter((arm) => minute <= sizes.minutes || !arm.done());
			if (!active.length) break;
			offsetMs += POLL_MS;
			for (const arm of arms) arm.elapse(POLL_MS);
			for (const arm of active) {
				for (let count = plans.get(arm)!.filter((at) => at === minute).length; count > 0; count--) {
					const change = CHANGE_EVENTS[arm.event].next(db, touched, visible);
					touched.add(change.id);
					state.dataModule.updateRecord!(state.db, change.kind, change.id, change.set, state.clock.now());
					arm.changed.set(change.id, minute);
				}
			}
			await setClock();
			await sandbox.control.clearLog();
			const emitted = await Promise.all(active.map((arm) => arm.poll(minute)));
			const log = await sandbox.control.log();
			active.forEach((arm, index) => {
				const requests = log.filter((entry) => entry.key === sandbox.labelOf(arm.key)).length;
				arm.polls.push({ minute, requests, emitted: emitted[index], stateBytes: JSON.stringify(arm.staticData).length });
			});
			if (minute % 60 === 0) console.error(`bench: triggerChangesAtScale: simulated minute ${minute}, ${fixed((performance.now() - started) / 1000, 0)} s`);
		}

		const rows: Row[] = [
			{
				measured: `trigger change events at scale: sandbox --units ${sizes.units}, page size ${SERVICE_PAGE_SIZE}, refresh jobs end at once, Max Wait ${MAX_WAIT_S} s, rate limit off; ${sizes.changes} changes per type at random minutes of ${sizes.minutes}, polls every simulated minute until each fired`,
				baseline: '-',
				figure: `${fixed((performance.now() - started) / 1000, 0)} s`,
			},
		];
		const summary: Record<string, string | number> = { changes_units: sizes.units };
		for (const arm of arms) {
			const idle = arm.polls.filter((poll) => poll.minute <= sizes.minutes && poll.emitted === 0);
			const idleMean = mean(idle.map((poll) => poll.requests));
			const delays = [...arm.changed].flatMap(([id, minute]) => (arm.emitted.get(id)?.slice(0, 1) ?? []).map((at) => at - minute));
			const missed = [...arm.changed.keys()].filter((id) => !arm.emitted.has(id)).length;
			const doubled = [...arm.emitted.values()].filter((minutes) => minutes.length > 1).length;
			const unexpected = [...arm.emitted.keys()].filter((id) => !arm.changed.has(id)).length;
			const largest = Math.max(activationBytes.get(arm)!, ...arm.polls.map((poll) => poll.stateBytes));
			rows.push(
				{
					measured: `${arm.event}: requests per idle poll (${idle.length} idle polls of ${sizes.minutes})`,
					baseline: 'goal ≤ 2',
					figure: `${fixed(idleMean)} requests/poll`,
				},
				{
					measured: `${arm.event}: delay from change to emission (minutes; median, max)`,
					baseline: '-',
					figure: delays.length ? `${fixed(delays.sort((a, b) => a - b)[Math.floor(delays.length / 2)], 0)}, ${Math.max(...delays)}` : 'none',
				},
				{
					measured: `${arm.event}: state (largest JSON; entries at the end)`,
					baseline: '-',
					figure: `${fixed(largest / 1024, 1)} kB; ${arm.entries()} entries`,
				},
				{
					measured: `${arm.event}: exactly once`,
					baseline: `${arm.changed.size} changes`,
					figure: `${arm.changed.size - missed} emitted once, ${missed} missed, ${doubled} doubled, ${unexpected} not changed`,
				},
			);
			Object.assign(summary, {
				[`changes_${arm.event}_idle_requests`]: fixed(idleMean),
				[`changes_${arm.event}_delay_max_min`]: delays.length ? Math.max(...delays) : 'none',
				[`changes_${arm.event}_state_kb`]: fixed(largest / 1024, 1),
				[`changes_${arm.event}_missed`]: missed,
				[`changes_${arm.event}_doubled`]: doubled,
			});
			if (missed || doubled || unexpected) throw new Error(`${arm.event}: ${missed} missed, ${doubled} doubled, ${unexpected} emitted without a change`);
			if (!(idleMean <= 2)) console.error(`bench: triggerChangesAtScale: ${arm.event}: ${fixed(idleMean)} requests per idle poll, more than 2`);
		}
		return { rows, summary };
	} finally {
		await sandbox.close();
	}
}
