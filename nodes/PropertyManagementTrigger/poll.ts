import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dayOfInstant, serviceDateOfDay } from './days';
import { recordDay } from './events';
import { fetchWindow, type DayWindow } from './fetchWindow';
import { readSettings, type TriggerSettings } from './settings';
import { readState, SeenRecords, shortHash, writeState } from './state';

/**
 * Polls of one trigger node that are still running. n8n starts a poll on every tick even when the
 * previous one has not finished; two polls working on the same state would emit a record twice.
 */
const pollsInFlight = new Set<string>();

interface DatedRecord {
	record: IDataObject;
	day: number;
}

function asItems(records: DatedRecord[]): INodeExecutionData[][] {
	return [records.map(({ record }) => ({ json: record, pairedItem: { item: 0 } }))];
}

function datedRecords(settings: TriggerSettings, records: IDataObject[], fallbackDay: number): DatedRecord[] {
	return records.map((record) => ({ record, day: recordDay(settings.definition, record) ?? fallbackDay }));
}

function windowText(window: DayWindow): string {
	return `${serviceDateOfDay(window.from)} – ${serviceDateOfDay(window.to)}`;
}

/** "Fetch Test Event": the most recent matching record, without touching the state. */
async function sampleRecord(ctx: IPollFunctions, settings: TriggerSettings, today: number) {
	const window = { from: today - settings.lookbackDays, to: today + settings.aheadDays };
	const snapshot = await fetchWindow(ctx, settings, window, today);
	const records = datedRecords(settings, snapshot.records, snapshot.day);
	if (!records.length) {
		throw new NodeOperationError(ctx.getNode(), `No ${settings.definition.label} match the filters in ${windowText(window)}`, {
			description: snapshot.fresh
				? 'The test event is the most recent matching record. Widen the filters or raise Options > Lookback (Days).'
				: 'The service is still preparing this data. Try again in a few seconds.',
		});
	}
	const latest = records.reduce((best, candidate) => (candidate.day >= best.day ? candidate : best));
	return asItems([latest]);
}

/** First poll for these filters: what exists now counts as seen; nothing is emitted. */
async function recordPresent(ctx: IPollFunctions, settings: TriggerSettings, today: number, staticData: IDataObject) {
	const window = { from: today - settings.lookbackDays, to: today + settings.aheadDays };
	const snapshot = await fetchWindow(ctx, settings, window, today);
	if (!snapshot.fresh) {
		// Without a recorded present every later poll would emit old records as new
		throw new NodeOperationError(
			ctx.getNode(),
			`Could not record the starting point: the service did not return fresh ${settings.definition.label} within ${settings.maxWait} seconds`,
			{
				description:
					'Before watching for new records the trigger marks the existing ones as seen. Activate the workflow again, or raise Options > Max Wait (Seconds).',
			},
		);
	}
	const seen = new SeenRecords();
	for (const { record, day } of datedRecords(settings, snapshot.records, snapshot.day)) {
		seen.add(shortHash(settings.definition.dedupeKey(record)), day);
	}
	writeState(staticData, { scope: settings.scope, checkpoint: snapshot.day, seen });
	return null;
}

async function emitNewRecords(ctx: IPollFunctions, settings: TriggerSettings, today: number) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readState(staticData, settings.scope);
	if (!state) return await recordPresent(ctx, settings, today, staticData);

	const window = { from: state.checkpoint - settings.lookbackDays, to: today + settings.aheadDays };
	const snapshot = await fetchWindow(ctx, settings, window, today);
	// Not fresh in time: the next poll asks for the same window again, so nothing is lost
	if (!snapshot.fresh) return null;

	const newRecords: DatedRecord[] = [];
	for (const dated of datedRecords(settings, snapshot.records, snapshot.day)) {
		const hash = shortHash(settings.definition.dedupeKey(dated.record));
		if (!state.seen.has(hash)) newRecords.push(dated);
		state.seen.add(hash, dated.day);
	}
	const checkpoint = Math.max(state.checkpoint, snapshot.day);
	state.seen.pruneBefore(checkpoint - settings.lookbackDays);
	writeState(staticData, { scope: settings.scope, checkpoint, seen: state.seen });

	if (!newRecords.length) return null;
	// oldest first, so that downstream steps see events in the order they happened
	newRecords.sort((left, right) => left.day - right.day);
	return asItems(newRecords);
}

export async function pollNewRecords(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(this);
	const today = dayOfInstant(Date.now());
	if (this.getMode() === 'manual') return await sampleRecord(this, settings, today);

	const pollKey = `${this.getWorkflow().id ?? ''}/${this.getNode().id}`;
	// the running poll covers this one's window; the next tick picks up whatever is left
	if (pollsInFlight.has(pollKey)) return null;
	pollsInFlight.add(pollKey);
	try {
		return await emitNewRecords(this, settings, today);
	} finally {
		pollsInFlight.delete(pollKey);
	}
}
