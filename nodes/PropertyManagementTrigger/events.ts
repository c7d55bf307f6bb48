import type { IDataObject } from 'n8n-workflow';
import { dayOfServiceDate } from './days';
import { contentIdentity, idText, nested } from './identity';

export type TriggerEvent = 'tenantEvent' | 'bill' | 'guestCard';

/** How one watched list is queried and how its records are told apart. */
export interface EventDefinition {
	/** what the user reads in messages, e.g. "tenant events" */
	label: string;
	path: string;
	/** query parameters that bound the record date */
	fromParameter: string;
	toParameter: string;
	/** the full window sends no upper bound (bills: a post-dated bill is caught when it is entered) */
	openEnded: boolean;
	/** the record field the date filters apply to */
	dateField: string;
	/** what makes a record the same record in a later poll; never shared by two distinct records */
	dedupeKey(record: IDataObject): string;
	/** the key state version 1 stored, read only to carry old state over (see state.ts) */
	legacyKey(record: IDataObject): string;
}

function legacyText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/** The record's own id when it carries one, else its content. */
function byId(record: IDataObject, id: unknown): string {
	const text = idText(id);
	return text === undefined ? contentIdentity(record) : text;
}

function tenantEventKey(record: IDataObject): string {
	const occupancy = idText(nested(record, 'occupancy', 'upstreamId'));
	if (occupancy === undefined) return contentIdentity(record);
	// roommates share the occupancy and the date: the tenant tells their events apart
	const tenant = idText(nested(record, 'tenant', 'upstreamId')) ?? '-';
	return ['tenantEvent', legacyText(record.event), occupancy, tenant, legacyText(record.occurredDate)].join('|');
}

export const EVENT_DEFINITIONS: Record<TriggerEvent, EventDefinition> = {
	tenantEvent: {
		label: 'tenant events',
		path: '/v1/tenant-events',
		fromParameter: 'dateFrom',
		toParameter: 'dateTo',
		openEnded: false,
		dateField: 'occurredDate',
		dedupeKey: tenantEventKey,
		legacyKey: (record) =>
			[legacyText(record.event), legacyText(nested(record, 'occupancy', 'upstreamId')), legacyText(record.occurredDate)].join('|'),
	},
	bill: {
		label: 'bills',
		path: '/v1/bills',
		fromParameter: 'billDateFrom',
		toParameter: 'billDateTo',
		openEnded: true,
		dateField: 'billDate',
		// an id is kept as the bare id, as version 1 stored it, so bills need no carrying over
		dedupeKey: (record) => byId(record, record.upstreamId),
		legacyKey: (record) => legacyText(record.upstreamId),
	},
	guestCard: {
		label: 'guest cards',
		path: '/v1/guest-cards',
		fromParameter: 'dateFrom',
		toParameter: 'dateTo',
		openEnded: false,
		dateField: 'received',
		dedupeKey: (record) => byId(record, record.guestCardId),
		legacyKey: (record) => legacyText(record.guestCardId),
	},
};

export function recordDay(definition: EventDefinition, record: IDataObject): number | undefined {
	return dayOfServiceDate(record[definition.dateField]);
}
