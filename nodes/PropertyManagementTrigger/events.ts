import type { IDataObject } from 'n8n-workflow';
import { dayOfServiceDate } from './days';

export type TriggerEvent = 'tenantEvent' | 'bill' | 'guestCard';

/** How one watched list is queried and how its records are told apart. */
export interface EventDefinition {
	/** what the user reads in messages, e.g. "tenant events" */
	label: string;
	path: string;
	/** query parameters that bound the record date; `to` undefined = no upper bound sent */
	fromParameter: string;
	toParameter?: string;
	/** the record field the date filters apply to */
	dateField: string;
	/** what makes a record the same record in a later poll */
	dedupeKey(record: IDataObject): string;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

function nested(record: IDataObject, parent: string, field: string): unknown {
	const value = record[parent];
	return typeof value === 'object' && value !== null ? (value as IDataObject)[field] : undefined;
}

export const EVENT_DEFINITIONS: Record<TriggerEvent, EventDefinition> = {
	tenantEvent: {
		label: 'tenant events',
		path: '/v1/tenant-events',
		fromParameter: 'dateFrom',
		toParameter: 'dateTo',
		dateField: 'occurredDate',
		// one occupancy has a move-in, a notice and a move-out, each on its own date
		dedupeKey: (record) =>
			[text(record.event), text(nested(record, 'occupancy', 'upstreamId')), text(record.occurredDate)].join('|'),
	},
	bill: {
		label: 'bills',
		path: '/v1/bills',
		// billDateFrom alone is allowed: a post-dated bill is caught the moment it is entered
		fromParameter: 'billDateFrom',
		dateField: 'billDate',
		dedupeKey: (record) => text(record.upstreamId),
	},
	guestCard: {
		label: 'guest cards',
		path: '/v1/guest-cards',
		fromParameter: 'dateFrom',
		toParameter: 'dateTo',
		dateField: 'received',
		dedupeKey: (record) => text(record.guestCardId),
	},
};

export function recordDay(definition: EventDefinition, record: IDataObject): number | undefined {
	return dayOfServiceDate(record[definition.dateField]);
}
