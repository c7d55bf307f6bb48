import type { IDataObject } from 'n8n-workflow';
import type { EventDefinition, ListEvent } from './recordLists';
import { idText } from './identity';

export type { ListEvent } from './recordLists';

/** One dated field of a record: a lease's end, one of a vendor's documents. */
export interface WatchedDate {
	/** the record's identity with the field, e.g. "occupancy 42 leaseTo" */
	key: string;
	field: string;
	/** what the user reads, e.g. "Liability Insurance" */
	name: string;
	value: unknown;
}

export interface ListWatch {
	kind: 'horizon' | 'threshold';
	/** the list read, what messages call it and how its records are told apart */
	list: EventDefinition;
	/** the query: the user's filters the list takes */
	query(filterQuery: IDataObject): IDataObject;
	/** horizon events: the dates of a record the user watches */
	dates?(record: IDataObject, chosen: string[]): WatchedDate[];
	/** threshold events: the record's identity and amount (undefined: the service left it out) */
	amount?(record: IDataObject): { key: string; amount: number } | undefined;
	/**
	 * A row of a watched record whose id the service left out (the spec: any field may be null): the
	 * read cannot tell which record it is, so it cannot tell that a known one is gone.
	 */
	unnamed(record: IDataObject): boolean;
}

/** A vendor's documents whose expiry the service lists, as the editor names them. */
export const VENDOR_DOCUMENTS: Record<string, string> = {
	liabilityInsExpires: 'Liability Insurance',
	workersCompExpires: "Workers' Comp Insurance",
	autoInsExpires: 'Auto Insurance',
	stateLicExpires: 'State License',
	epaCertExpires: 'EPA Certification',
	contractExpires: 'Contract',
};
/** Insurance and licence: what lapses and stops a vendor from working */
export const DEFAULT_VENDOR_DOCUMENTS = ['autoInsExpires', 'liabilityInsExpires', 'stateLicExpires', 'workersCompExpires'];

/** A money field as a number; "1,234.50" as the documented profile writes it. */
function money(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const number = Number(value.replace(/[$,\s]/g, ''));
	return Number.isFinite(number) ? number : undefined;
}

/**
 * A list read whole, without date parameters: the rent roll (one row per unit, its occupancy's lease
 * and balance as of today) or the vendors. A record is told apart by its id (a rent roll row's own id
 * carries the day, its occupancy does not).
 */
function wholeList(label: string, path: string, idField: string): EventDefinition {
	return {
		label,
		path,
		fromParameter: '',
		toParameter: '',
		openEnded: true,
		dateField: '',
		dedupeKey: (record) => `${idField}|${idText(record[idField]) ?? '-'}`,
		carriedKeys: () => [],
	};
}

const RENT_ROLL = wholeList('rent roll rows', '/v1/rent-roll', 'occupancyId');

/** What a rent roll row shows of its occupant; a vacant unit's row shows none of it, and its status. */
const OCCUPANT_FIELDS = ['tenantId', 'tenant', 'leaseFrom', 'leaseTo', 'moveIn', 'pastDue', 'rentStatus', 'deposit'];

/** A rent roll row of an occupancy without its id: it shows an occupant, or nothing at all (not even the unit's status). */
function unnamedOccupancy(record: IDataObject): boolean {
	if (idText(record.occupancyId) !== undefined) return false;
	return record.status === null || record.status === undefined || OCCUPANT_FIELDS.some((field) => record[field] !== null && record[field] !== undefined);
}

/** Lease End Approaching and Rent Past Due read the rent roll under the user's filters as they are. */
const ON_RENT_ROLL = { list: RENT_ROLL, query: (filterQuery: IDataObject) => ({ ...filterQuery }) };

export const LIST_WATCHES: Record<ListEvent, ListWatch> = {
	leaseEnding: {
		kind: 'horizon',
		...ON_RENT_ROLL,
		// a vacant unit's row has no occupancy: no lease to end
		dates: (record) => {
			const occupancy = idText(record.occupancyId);
			return occupancy === undefined ? [] : [{ key: `lease|${occupancy}`, field: 'leaseTo', name: 'Lease End', value: record.leaseTo }];
		},
		unnamed: unnamedOccupancy,
	},
	vendorDocumentExpiring: {
		kind: 'horizon',
		list: wholeList('vendors', '/v1/vendors', 'upstreamId'),
		// the list takes no filters
		query: () => ({}),
		dates: (record, chosen) => {
			const vendor = idText(record.upstreamId);
			if (vendor === undefined) return [];
			return chosen.map((field) => ({ key: `vendor|${vendor}|${field}`, field, name: VENDOR_DOCUMENTS[field] ?? field, value: record[field] }));
		},
		unnamed: (record) => idText(record.upstreamId) === undefined,
	},
	rentPastDue: {
		kind: 'threshold',
		...ON_RENT_ROLL,
		amount: (record) => {
			const occupancy = idText(record.occupancyId);
			const amount = money(record.pastDue);
			return occupancy === undefined || amount === undefined ? undefined : { key: `pastDue|${occupancy}`, amount };
		},
		unnamed: unnamedOccupancy,
	},
};

/** What the user chose for a list event (settings.ts). */
export interface ListChoices {
	watch: ListWatch;
	/** horizon events: days before the date, largest first */
	horizons: number[];
	/** threshold events: the amount past due must rise above */
	threshold: number;
	/** vendor documents watched */
	documents: string[];
}

/** "90, 60, 30" as whole days, largest first; undefined when it holds no such number. */
export function horizonsOf(text: unknown): number[] | undefined {
	const days = String(text ?? '')
		.split(/[\s,;]+/)
		.filter(Boolean)
		.map(Number);
	if (!days.length || days.some((day) => !Number.isInteger(day) || day < 0 || day > 3650)) return undefined;
	return [...new Set(days)].sort((a, b) => b - a);
}
