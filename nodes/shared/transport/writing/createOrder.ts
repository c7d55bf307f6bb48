import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { createdRecordLabel } from './createdRecords';

/**
 * RoutingNode starts every item of a run at once. Creates must not race: each item's POST waits until
 * the POSTs of all earlier items were answered (item order), and without Continue On Fail the first
 * item that fails stops every POST not yet sent. A write job still running is polled alongside later
 * POSTs (docs/writes.md), so a refusal that arrives when its job ends stops only the POSTs not yet sent;
 * the error then waits for the jobs in flight and lists every record the run created.
 */
type Send = (onAccepted: () => void) => Promise<INodeExecutionData[]>;

class CreateRun {
	private readonly released = new Set<number>();
	private readonly waiting = new Map<number, () => void>();
	private readonly inFlight = new Set<Promise<unknown>>();
	private readonly created = new Map<number, IDataObject[]>();
	private stoppedBy: number | undefined;

	constructor(readonly stopOnFailure: boolean) {}

	async turn(itemIndex: number): Promise<void> {
		if (this.nextInLine() === itemIndex) return;
		await new Promise<void>((resolve) => this.waiting.set(itemIndex, resolve));
	}

	release(itemIndex: number): void {
		if (this.released.has(itemIndex)) return;
		this.released.add(itemIndex);
		const next = this.nextInLine();
		const wake = this.waiting.get(next);
		this.waiting.delete(next);
		wake?.();
	}

	stop(itemIndex: number): void {
		if (!this.stopOnFailure) return;
		this.stoppedBy = Math.min(this.stoppedBy ?? itemIndex, itemIndex);
	}

	get stopped(): number | undefined {
		return this.stoppedBy;
	}

	track(work: Promise<unknown>): void {
		const settled = work.then(
			() => undefined,
			() => undefined,
		);
		this.inFlight.add(settled);
		void settled.then(() => this.inFlight.delete(settled));
	}

	async everySentSettled(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
	}

	recordCreated(itemIndex: number, records: IDataObject[]): void {
		if (records.length > 0) this.created.set(itemIndex, records);
	}

	createdSummary(): string {
		const entries = [...this.created.entries()].sort(([a], [b]) => a - b);
		if (entries.length === 0) return 'No other item of this run created a record.';
		const list = entries
			.map(
				([index, records]) =>
					`item ${index} → ${records.map(createdRecordLabel).join(', ')}`,
			)
			.join('; ');
		return `Records this run already created (they stay; do not send those items again): ${list}.`;
	}

	private nextInLine(): number {
		let index = 0;
		while (this.released.has(index)) index++;
		return index;
	}
}

/** One run per node execution: every item of it shares RoutingNode's execute data object. */
const runs = new WeakMap<object, CreateRun>();

function runOf(ctx: IExecuteSingleFunctions): CreateRun {
	const stopOnFailure = !ctx.continueOnFail();
	const key = (ctx.getExecuteData?.() as object | undefined) ?? undefined;
	if (!key) return new CreateRun(stopOnFailure);
	let run = runs.get(key);
	if (!run) {
		run = new CreateRun(stopOnFailure);
		runs.set(key, run);
	}
	return run;
}

function annotate(error: unknown, itemIndex: number, run: CreateRun): unknown {
	if (!error || typeof error !== 'object') return error;
	const described = error as { message?: string; description?: string | null };
	// validation messages already end in "[item N]"; every other failure gets the item up front
	const namesItem = /^Item \d+\b|\[item \d+\]$/;
	if (typeof described.message === 'string' && !namesItem.test(described.message)) {
		described.message = `Item ${itemIndex}: ${described.message}`;
	}
	const stopped = 'No further item was sent after this one.';
	described.description = [described.description, run.createdSummary(), stopped]
		.filter(Boolean)
		.join(' ');
	return error;
}

export async function createInItemOrder(
	ctx: IExecuteSingleFunctions,
	send: Send,
): Promise<INodeExecutionData[]> {
	const itemIndex = ctx.getItemIndex();
	const run = runOf(ctx);
	await run.turn(itemIndex);
	const stoppedBy = run.stopped;
	if (stoppedBy !== undefined) {
		run.release(itemIndex);
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex} was not sent: the run stopped at item ${stoppedBy}`,
			{ itemIndex },
		);
	}
	const work = send(() => run.release(itemIndex));
	run.track(work);
	try {
		const output = await work;
		run.recordCreated(
			itemIndex,
			output.map((entry) => entry.json),
		);
		return output;
	} catch (error) {
		run.stop(itemIndex);
		run.release(itemIndex);
		if (run.stopOnFailure) await run.everySentSettled();
		throw run.stopOnFailure ? annotate(error, itemIndex, run) : error;
	} finally {
		run.release(itemIndex);
	}
}
