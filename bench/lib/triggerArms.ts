import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { Random } from '../../sandbox/shared/random';
import { runPoll } from '../../test/support/n8n';
import { elapse } from '../../test/support/trigger';
import type { BenchSandbox } from './benchSandbox';
import { loadTrigger } from './nodes';

/**
 * What the trigger rows at scale (triggerAtScale, triggerChangesAtScale) share: the account and the
 * simulated clock they run on, and one trigger of an event type polled through n8n-core.
 */

/** The sandbox's own page size, as in the large-account row. */
export const SERVICE_PAGE_SIZE = 50;
export const POLL_MS = 60_000;
/** Longer than any read period of the trigger (schedule.ts caps it at 6 h): a row's drain never runs longer. */
export const DRAIN_CAP_MINUTES = 6 * 60 + 10;
export const TIME_ZONE = 'UTC';
/** Max Wait of the measured triggers: the refresh ends at once (jobSeconds 0), the second look comes 1 s later. */
export const MAX_WAIT_S = 1;

export interface Scale {
	/** the sandbox's portfolio (--units) */
	units: number;
	/** simulated minutes of polls with records added or changed (then polls go on until every one was emitted) */
	minutes: number;
}
export const FULL_SCALE: Scale = { units: 10_000, minutes: 60 };
export const QUICK_SCALE: Scale = { units: 400, minutes: 6 };

/** Deterministic draws (the sandbox's seeded generator), so every run makes the same records or changes at the same minutes. */
export function randomOf(seed: number): () => number {
	const random = new Random(seed);
	return () => random.next();
}

/** One trigger of one event type on its own key, its static data carried from poll to poll. */
export abstract class TriggerArm<PollRecord> {
	staticData: IDataObject = {};
	readonly trigger = new (loadTrigger().PropertyManagementTrigger)();
	readonly polls: PollRecord[] = [];

	constructor(
		readonly event: string,
		readonly key: string,
		readonly sandbox: BenchSandbox,
	) {}

	/** True once every record the row added or changed was emitted (and whatever else the row waits for). */
	abstract done(): boolean;

	/** The trigger's clock is the real one: its state's instants move `ms` into the past. */
	elapse(ms: number): void {
		elapse(this.staticData, ms);
	}

	/** One poll (activation: the first), its static data kept for the next; the items it emitted. */
	protected async pollTrigger(poll: { parameters?: IDataObject; maxWait: number; activation: boolean; workflowId: string }): Promise<INodeExecutionData[]> {
		const { items, staticData } = await runPoll({
			nodeType: this.trigger,
			parameters: { event: this.event, ...poll.parameters, options: { maxWait: poll.maxWait } },
			credentials: { apiKey: this.key, baseUrl: this.sandbox.url },
			staticData: this.staticData,
			timezone: TIME_ZONE,
			activation: poll.activation ? 'activate' : 'update',
			workflowId: poll.workflowId,
		});
		this.staticData = staticData;
		return items?.[0] ?? [];
	}
}
