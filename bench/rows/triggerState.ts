import type { IDataObject } from 'n8n-workflow';
import { runPoll } from '../../test/helpers/n8n';
import { startBenchSandbox } from '../lib/benchSandbox';
import { injectGuestCards, LIST_PATH } from '../lib/dataset';
import { loadTrigger } from '../lib/nodes';
import { credentialsFor, freshKey, type BenchSettings, type RowResult } from './context';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The trigger's static data after it has emitted N new records, against the records' own size. */
export async function triggerStateRow(settings: BenchSettings): Promise<RowResult> {
	const records = settings.triggerRecords;
	const sandbox = await startBenchSandbox({ pageSize: 5_000, jobSeconds: settings.jobSeconds, rateLimit: false });
	try {
		const poll = (staticData: IDataObject) =>
			runPoll({ nodeType: new (loadTrigger().PropertyManagementTrigger)(), parameters: { event: 'guestCard' }, credentials: credentialsFor(sandbox, freshKey(sandbox)), staticData });
		const activation = await poll({});
		const activationBytes = bytes(activation.staticData);
		injectGuestCards(sandbox, records);
		// as the sandbox's caches do not see injected records until they refresh
		await sandbox.control.expire(LIST_PATH);
		const { items: outputs, staticData } = await poll(activation.staticData);
		const items = outputs?.[0];
		if (items?.length !== records) throw new Error(`the trigger emitted ${items?.length ?? 0} records, wanted ${records}`);
		const recordBytes = bytes(items.map((item) => item.json as IDataObject));
		const stateBytes = bytes(staticData);
		return {
			rows: [
				{
					measured: `Trigger state after ${records.toLocaleString('en-US')} new records (guest cards, one poll, static data as JSON): ${stateBytes.toLocaleString('en-US')} bytes (${activationBytes.toLocaleString('en-US')} after activation)`,
					baseline: `the records themselves as JSON: ${recordBytes.toLocaleString('en-US')} bytes`,
					figure: `${stateBytes.toLocaleString('en-US')} bytes = ${((stateBytes / recordBytes) * 100).toFixed(1)} % of the records, ${(stateBytes / records).toFixed(1)} bytes/record`,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
