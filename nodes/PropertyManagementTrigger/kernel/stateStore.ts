import type { IDataObject } from 'n8n-workflow';

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

/**
 * The state a poll goes on from: none after a user's pause when After a Pause is Start From Now (the
 * present is then recorded again, as on activation). `isAfterPause`: kernel/poll.ts's test of a pause since a poll.
 */
export function stateAfterPause<T extends StoredState>(stored: T | undefined, afterPause: string, isAfterPause: (polledAt: number) => boolean): T | undefined {
	return stored && afterPause === 'startFromNow' && isAfterPause(stored.polledAt) ? undefined : stored;
}
