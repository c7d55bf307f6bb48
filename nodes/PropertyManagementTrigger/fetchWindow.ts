import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { apiRequest } from '../PropertyManagement/shared/transport';
import { dayOfInstant, serviceDateOfDay } from './days';
import type { TriggerSettings } from './settings';

/** Inclusive range of record days a poll asks for. */
export interface DayWindow {
	from: number;
	to: number;
}

export interface WindowSnapshot {
	records: IDataObject[];
	/** whether every page came from one snapshot no older than Max Age */
	fresh: boolean;
	/** day of that snapshot (the service's clock), never later than today */
	day: number;
}

/** All pages of the watched list for the window, through the engine (rate limit, freshness, retries). */
export async function fetchWindow(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	window: DayWindow,
	today: number,
): Promise<WindowSnapshot> {
	const { definition } = settings;
	const qs: IDataObject = {
		...settings.filterQuery,
		[definition.fromParameter]: serviceDateOfDay(window.from),
	};
	if (definition.toParameter) qs[definition.toParameter] = serviceDateOfDay(window.to);
	const result = await apiRequest(
		ctx,
		{ method: 'GET', path: definition.path, qs, returnAll: true },
		{
			freshness: 'wait',
			maxAge: settings.maxAge,
			maxWait: settings.maxWait,
			// a poll that times out emits nothing and keeps its checkpoint rather than failing,
			// and reads no pages of a stale snapshot it would discard anyway
			onWaitTimeout: 'returnPending',
		},
	);
	const lastUpdated = result.meta.lastUpdated;
	const snapshotDay = typeof lastUpdated === 'number' ? dayOfInstant(lastUpdated * 1000) : today;
	return {
		records: result.items,
		fresh: !result.pending && result.meta.status === 'ok',
		day: Math.min(snapshotDay, today),
	};
}
