import type { IDataObject } from 'n8n-workflow';
import type { DateRange } from '../../shared/descriptions';
import type { StatusEvent } from './statusWatches';
import { dayOfServiceDate } from '../../shared/dates';
import { contentIdentity, idText, nested } from './identity';

/** Events that fire once per new record. */
export type RecordEvent = 'tenantEvent' | 'bill' | 'guestCard' | 'workOrder' | 'rentalApplication';
/** Events read from a whole list on a schedule: a date reaching a horizon, an amount rising above a threshold (listWatches.ts). */
export type ListEvent = 'leaseEnding' | 'vendorDocumentExpiring' | 'rentPastDue';
export type TriggerEvent = RecordEvent | StatusEvent | ListEvent;

/** Settings that change what counts as the same record. */
export interface KeyOptions {
	/** tenant events: a changed date makes it a new event (option "Emit Again When the Date Changes") */
	dateChanges: boolean;
}

/**
 * Records that stay few whatever their dates (bills still to pay): read without a date bound, so that
 * one dated before the window still fires when it is entered (docs/trigger.md "Late bills").
 */
export interface OpenSet {
	/** the query of that set under the user's filters; undefined when the filters exclude it */
	query(filterQuery: IDataObject): IDataObject | undefined;
	/** whether a listed record belongs to it (its key is then kept while it does, see newRecords/newRecords.ts) */
	holds(record: IDataObject): boolean;
}

/** How one watched list is queried and how its records are told apart. */
export interface EventDefinition {
	/** what the user reads in messages, e.g. "tenant events" */
	label: string;
	path: string;
	/** query parameters that bound the record date */
	fromParameter: string;
	toParameter: string;
	/**
	 * dateRange sent with the dates. Neither the spec nor the docs say that dateFrom/dateTo are
	 * honoured without a range; if the service applied its default (tenant events: this_month) a
	 * window would silently lose the rest of its days. all_time leaves the dates as the only bound
	 * under either reading (docs/trigger.md, "Three reads"). Undefined: the list has no dateRange (bills).
	 */
	dateRange?: DateRange;
	/** the full window sends no upper bound (bills: a post-dated bill is caught when it is entered) */
	openEnded: boolean;
	/** the record field the date filters apply to */
	dateField: string;
	openSet?: OpenSet;
	/**
	 * What makes a record the same record in a later poll: never shared by two distinct records, and
	 * unchanged by the edits a record goes through in its life (docs/trigger.md "Identities").
	 */
	dedupeKey(record: IDataObject, options: KeyOptions): string;
	/**
	 * The key leaves the record's date out (a moved date is the same record), so look-alikes can differ
	 * by date alone: their key on their day is kept too, to tell which of them were seen (newRecords/newRecords.ts, readKeys).
	 */
	keyOmitsDate?: boolean;
	/** the keys earlier state versions stored for this record, read only to carry old state over (see newRecords/state.ts) */
	carriedKeys(record: IDataObject): string[];
}

function legacyText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/** Text of a field that identifies a record without an id: trimmed, case and spacing ignored. */
function stableText(value: unknown): string {
	return value === undefined || value === null ? '-' : String(value).trim().replace(/\s+/g, ' ').toLowerCase() || '-';
}

/** A date field as its calendar day, so that `12/1/2026` and `12/01/2026` are the same date. */
function stableDay(value: unknown): string {
	const day = dayOfServiceDate(value);
	return day === undefined ? stableText(value) : String(day);
}

/** Version 2's key of a record without an id: its whole content (any edit made it a new record). */
function version2ById(record: IDataObject, id: unknown): string {
	const text = idText(id);
	return text === undefined ? contentIdentity(record) : text;
}

/**
 * The record's own id when it carries one; else the fields that do not change over its life (an
 * edit such as a guest card's new activity must not make it a new record).
 */
function byIdOrFields(id: unknown, kind: string, fields: unknown[]): string {
	const text = idText(id);
	return text === undefined ? [`${kind}-without-id`, ...fields.map(stableText)].join('|') : text;
}

/**
 * A move-in, move-out or notice is one per tenant of an occupancy: its date is not part of it, so a
 * rescheduled move-out is the same event (unless the user asks for date changes).
 */
function tenantEventKey(record: IDataObject, options: KeyOptions): string {
	const occupancy = idText(nested(record, 'occupancy', 'upstreamId'));
	const tenant = idText(nested(record, 'tenant', 'upstreamId'));
	const parts =
		occupancy === undefined
			? [
					'tenantEvent-without-occupancy',
					stableText(record.event),
					tenant ?? stableText(nested(record, 'tenant', 'name')),
					stableText(nested(record, 'unit', 'upstreamId')),
					stableText(nested(record, 'property', 'upstreamId')),
				]
			: // roommates share the occupancy: the tenant tells their events apart
				['tenantEvent', legacyText(record.event), occupancy, tenant ?? '-'];
	if (options.dateChanges) parts.push(stableDay(record.occurredDate));
	return parts.join('|');
}

/** Version 2's tenant-event key: with the date as raw text. */
function version2TenantEventKey(record: IDataObject): string {
	const occupancy = idText(nested(record, 'occupancy', 'upstreamId'));
	if (occupancy === undefined) return contentIdentity(record);
	const tenant = idText(nested(record, 'tenant', 'upstreamId')) ?? '-';
	return ['tenantEvent', legacyText(record.event), occupancy, tenant, legacyText(record.occurredDate)].join('|');
}

/** Unpaid bills and unused vendor credits (the spec's `status=Unpaid`): a few weeks of bills at most. */
const UNPAID_BILLS: OpenSet = {
	query: (filterQuery) => (filterQuery.status === 'Paid' ? undefined : { ...filterQuery, status: 'Unpaid' }),
	holds: (record) => record.status === 'Unpaid' || record.status === 'Unused',
};

/**
 * The query of the lists whose records are dated when they arrive (guest cards, work orders,
 * applications): dateRange all_time for the reason given on tenant events.
 */
const STAMPED_ON_ARRIVAL = { fromParameter: 'dateFrom', toParameter: 'dateTo', dateRange: 'all_time', openEnded: false } as const;

export const EVENT_DEFINITIONS: Record<RecordEvent, EventDefinition> = {
	tenantEvent: {
		label: 'tenant events',
		path: '/v1/tenant-events',
		fromParameter: 'dateFrom',
		toParameter: 'dateTo',
		dateRange: 'all_time',
		openEnded: false,
		dateField: 'occurredDate',
		dedupeKey: tenantEventKey,
		keyOmitsDate: true,
		carriedKeys: (record) => [
			version2TenantEventKey(record),
			[legacyText(record.event), legacyText(nested(record, 'occupancy', 'upstreamId')), legacyText(record.occurredDate)].join('|'),
		],
	},
	bill: {
		label: 'bills',
		path: '/v1/bills',
		fromParameter: 'billDateFrom',
		toParameter: 'billDateTo',
		openEnded: true,
		dateField: 'billDate',
		openSet: UNPAID_BILLS,
		// an id is kept as the bare id, as versions 1 and 2 stored it
		dedupeKey: (record) =>
			byIdOrFields(record.upstreamId, 'bill', [record.vendorId ?? record.payeeName, record.reference, stableDay(record.billDate)]),
		carriedKeys: (record) => [version2ById(record, record.upstreamId), legacyText(record.upstreamId)],
	},
	guestCard: {
		label: 'guest cards',
		path: '/v1/guest-cards',
		...STAMPED_ON_ARRIVAL,
		dateField: 'received',
		dedupeKey: (record) =>
			byIdOrFields(record.guestCardId, 'guestCard', [
				record.name,
				record.emailAddress,
				record.phoneNumber,
				record.propertyId,
				record.received,
			]),
		carriedKeys: (record) => [version2ById(record, record.guestCardId), legacyText(record.guestCardId)],
	},
	// no state of an older version to carry
	workOrder: {
		label: 'work orders',
		path: '/v1/work-orders',
		...STAMPED_ON_ARRIVAL,
		dateField: 'createdAt',
		dedupeKey: (record) =>
			byIdOrFields(record.upstreamId, 'workOrder', [record.workOrderNumber, record.jobDescription, nested(record, 'unit', 'upstreamId'), stableDay(record.createdAt)]),
		carriedKeys: () => [],
	},
	rentalApplication: {
		label: 'rental applications',
		path: '/v1/rental-applications',
		...STAMPED_ON_ARRIVAL,
		dateField: 'received',
		dedupeKey: (record) =>
			byIdOrFields(record.rentalApplicationId, 'rentalApplication', [record.applicants, record.email, record.unitId, stableDay(record.received)]),
		carriedKeys: () => [],
	},
};

export function recordDay(definition: EventDefinition, record: IDataObject): number | undefined {
	return dayOfServiceDate(record[definition.dateField]);
}
