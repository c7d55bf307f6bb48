import type { IDataObject } from 'n8n-workflow';
import { runPoll } from '../../test/support/n8n';
import { ageReads, FULL_READ_DUE_MS, readsOf } from '../../test/support/trigger';
import { startBenchSandbox } from '../lib/benchSandbox';
import { injectGuestCards, LIST_PATH } from '../lib/dataset';
import { loadTrigger } from '../lib/nodes';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The trigger's full-window read as its static data holds it (through the bench's entrance, test/support/trigger.ts). */
function fullReadOf(staticData: IDataObject): IDataObject {
	const full = readsOf(staticData).full;
	if (!full) throw new Error('the trigger state holds no full read after activation');
	return full;
}

/**
 * The static data as the next poll finds it once its reads are `ms` old: a copy whose reads' instants
 * moved into the past (the trigger's clock is the real one). Nothing else in the state changes.
 */
function later(staticData: IDataObject, ms: number): IDataObject {
	const copy = JSON.parse(JSON.stringify(staticData)) as IDataObject;
	ageReads(copy, ms);
	return copy;
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
		const activationRead = fullReadOf(activation.staticData);
		injectGuestCards(sandbox, records);
		// as the sandbox's caches do not see injected records until they refresh
		await sandbox.control.expire(LIST_PATH);
		const { items: outputs, staticData } = await poll(later(activation.staticData, FULL_READ_DUE_MS));
		const items = outputs?.[0];
		if (items?.length !== records) throw new Error(`the trigger emitted ${items?.length ?? 0} records, wanted ${records}`);
		const fullRead = fullReadOf(staticData);
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
