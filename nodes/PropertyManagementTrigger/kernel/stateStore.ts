/**
 * The trigger's state: one object in the workflow's static data (node scope), replaced whole by each
 * poll. Its `version` says which family wrote it and how it is read; every family's stored format is here.
 *
 * | version    | family (reader)                            | fields                                                                                           |
 * | ---------- | ------------------------------------------ | ------------------------------------------------------------------------------------------------ |
 * | 3          | new records (newRecords/state.ts)          | scope, checkpoint (day), span {back, ahead} (days), reads {recent, full, open} (RangeRead), seen and dated ({day: hashes}, newRecords/seen.ts), outage, polledAt, openUnderWay {read (PartialRead), before, ranks} |
 * | 1, 2       | new records, older                         | read by the same reader; their keys count until the first full read, which writes version 3      |
 * | 'status-1' | status changes (statusChanges.ts)          | scope, open {hash: OpenRecord}, reads {index of the open read: RangeRead}, polledAt, outage, underWay {at, read (PartialRead), listed (hashes)} |
 * | 'list-1'   | list changes (listChanges.ts)              | scope, day, entries {key: DateEntry or AmountEntry}, reads {full}, polledAt, outage, recording {day, known}, underWay {read (PartialRead), day, entries, items, named (hashes), unnamed, whole, known} |
 *
 * The short keys, kept short because a large account stores thousands of them:
 * - OpenRecord (status-1): `s` the status fields; `d` the record's day, null when never shown; `q` the open
 *   read that listed it; `m` when it was first missing from every read (epoch ms); `p` gone, not yet found
 *   among the closed records: the closed read to look in next, from 1; `i` its id; `b` to be read by its id; `x` read by its id once already.
 * - DateEntry (list-1): `d` the date's day; `h` the horizons (days before) already reached.
 * - AmountEntry (list-1): `a` the amount when it rose above the threshold.
 *
 * An `underWay`/`openUnderWay` is a read that n8n's poll budget ended before its last page (kernel/fetchWindow.ts
 * PartialRead): the next poll goes on from its next page, in the same snapshot. One not in its shape reads as
 * none, and that read starts over.
 *
 * Days count from 1970-01-01 (kernel/days.ts); instants are n8n's clock in epoch ms; hashes are
 * shortHash (events/identity.ts). A state of another version or scope reads as none: the poll then
 * records the present, as on activation. A new format is a new version here, with how the older one is read.
 */
import type { IDataObject } from 'n8n-workflow';
import type { StateFormat } from './poll';

/**
 * The state of the status and list events (statusChanges.ts, listChanges.ts) in the workflow's static
 * data: told apart from the new-record events' state (newRecords/state.ts, numbered versions) by a named version.
 */
export interface StoredState {
	scope: string;
	/** n8n's clock (epoch ms) at the start of the last poll that read fresh data */
	polledAt: number;
}

/** The state saved under `version` for `scope` with an object under each of `objects`; undefined otherwise. */
export function readStored<T extends StoredState>(staticData: IDataObject, version: string, scope: string, objects: string[]): T | undefined {
	if (staticData.version !== version || staticData.scope !== scope || typeof staticData.polledAt !== 'number') return undefined;
	if (objects.some((name) => typeof staticData[name] !== 'object' || staticData[name] === null)) return undefined;
	return JSON.parse(JSON.stringify(staticData)) as T;
}

/** Replaces the whole state in one go, as newRecords/state.ts does; n8n saves it with the next emitting poll. */
export function writeStored(staticData: IDataObject, version: string, state: StoredState): void {
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, JSON.parse(JSON.stringify({ version, ...state })) as IDataObject);
}

/** The state format of a family stored here under a named version: `read`, and the poll time it holds. */
export function namedStateFormat<T extends StoredState>(read: (staticData: IDataObject, scope: string) => T | undefined): StateFormat<T> {
	return { read, polledAt: (state) => state.polledAt };
}
