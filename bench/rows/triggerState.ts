import type { IDataObject } from 'n8n-workflow';
import { LONGEST_FULL_READ_PERIOD_SECONDS } from '../../nodes/PropertyManagementTrigger/schedule';
import { NODE_NAME, runPoll } from '../../test/support/n8n';
import { startBenchSandbox } from '../lib/benchSandbox';
import { injectGuestCards, LIST_PATH } from '../lib/dataset';
import { loadTrigger } from '../lib/nodes';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Longer than any full-read period of the trigger's schedule: after it the full window is due. */
const FULL_READ_DUE_MS = LONGEST_FULL_READ_PERIOD_SECONDS * 1000 + 1000;

/** The trigger's reads as its static data holds them (nodes/PropertyManagementTrigger/state.ts). */
function readsOf(staticData: IDataObject): Record<string, IDataObject> {
	const node = staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
	const reads = node?.reads as Record<string, IDataObject> | undefined;
	if (!reads?.full) throw new Error('the trigger state holds no full read after activation');
	return reads;
}

/**
 * Time passes for the trigger: the instants its state holds move `ms` into the past, as if the
 * next poll came that much later (the trigger's clock is the real one; test/trigger/harness.ts
 * does the same). Nothing else in the state changes.
 */
function elapse(staticData: IDataObject, ms: number): IDataObject {
	const later = JSON.parse(JSON.stringify(staticData)) as IDataObject;
	for (const read of Object.values(readsOf(later))) read.readAt = Number(read.readAt) - ms;
	return later;
}

/**
 * The trigger's static data after it has emitted N new records, against the records' own size.
 * The trigger reads the full window on a schedule (PropertyManagementTrigger/schedule.ts), so the
 * poll after the injection comes once that read is due, and is checked to be that full read.
 */
export async function triggerStateRow(settings: BenchSettings): Promise<RowResult> {
	const records = settings.triggerRecords;
	const sandbox = await startBenchSandbox({ pageSize: 5_000, jobSeconds: settings.jobSeconds, rateLimit: false });
	try {
		const poll = (staticData: IDataObject) =>
			runPoll({ nodeType: new (loadTrigger().PropertyManagementTrigger)(), parameters: { event: 'guestCard' }, credentials: credentialsFor(sandbox, freshKey(sandbox)), staticData });
		const activation = await poll({});
		const activationBytes = bytes(activation.staticData);
		const activationRead = readsOf(activation.staticData).full;
		injectGuestCards(sandbox, records);
		// as the sandbox's caches do not see injected records until they refresh
		await sandbox.control.expire(LIST_PATH);
		const { items: outputs, staticData } = await poll(elapse(activation.staticData, FULL_READ_DUE_MS));
		const items = outputs?.[0];
		if (items?.length !== records) throw new Error(`the trigger emitted ${items?.length ?? 0} records, wanted ${records}`);
		const fullRead = readsOf(staticData).full;
		if (Number(fullRead.readAt) <= Number(activationRead.readAt)) throw new Error('the poll after the injection was not a full-window read');
		const recordBytes = bytes(items.map((item) => item.json as IDataObject));
		const stateBytes = bytes(staticData);
		return {
			rows: [
				{
					measured: `Trigger state after ${records.toLocaleString('en-US')} new records (guest cards, one full-window poll once due, static data as JSON): ${stateBytes.toLocaleString('en-US')} bytes (${activationBytes.toLocaleString('en-US')} after activation)`,
					baseline: `the records themselves as JSON: ${recordBytes.toLocaleString('en-US')} bytes`,
					figure: `${stateBytes.toLocaleString('en-US')} bytes = ${((stateBytes / recordBytes) * 100).toFixed(1)} % of the records, ${(stateBytes / records).toFixed(1)} bytes/record`,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
