import type { IDataObject } from 'n8n-workflow';

/**
 * What Simplify returns is ready for an IF, Sort or spreadsheet node without expressions (n8n's UX
 * guidelines): money as numbers, dates as ISO 8601, a nested record as its readable name under a
 * readable key ("property" → "propertyName") or, without a name, as its id ("occupancy" →
 * "occupancyId"), a list as one line of text. The raw output keeps the
 * service's own strings.
 */

/** The service writes dates as MM/DD/YYYY (the spec); single-digit months and days occur too. */
const SERVICE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** Money as the service writes it: two decimals, thousands maybe grouped ("2376.93", "529,150.00", "-12.50"). */
const MONEY = /^-?\d{1,3}(,?\d{3})*\.\d{2}$/;
/** The keys a nested record is known by, most telling first (a phone entry is its number, not its label). */
const READABLE_KEYS = ['name', 'phone', 'title', 'label', 'address'];

function readableText(value: unknown): string | undefined {
	if (value === null || value === undefined) return undefined;
	if (typeof value !== 'object') return String(value);
	for (const key of READABLE_KEYS) {
		const text = (value as IDataObject)[key];
		if (typeof text === 'string' && text !== '') return text;
	}
	// e.g. a property's owners: { names: [...], upstreamIds: [...] }
	const names = (value as IDataObject).names;
	return Array.isArray(names) && names.length > 0 ? names.join(', ') : undefined;
}

function readyScalar(value: IDataObject[string]): IDataObject[string] {
	if (typeof value !== 'string') return value;
	const date = SERVICE_DATE.exec(value);
	if (date) return `${date[3]}-${date[1].padStart(2, '0')}-${date[2].padStart(2, '0')}`;
	if (MONEY.test(value)) return Number(value.replace(/,/g, ''));
	return value;
}

/** A simplified record's fields, made ready: `fields` in their order, each as it reads best. */
export function readyFields(record: IDataObject, fields: readonly string[]): IDataObject {
	const ready: IDataObject = {};
	for (const field of fields) {
		if (!(field in record)) continue;
		const value = record[field];
		if (Array.isArray(value)) {
			ready[field] = value.map(readableText).filter((text) => text !== undefined).join(', ');
		} else if (value !== null && typeof value === 'object') {
			const text = readableText(value);
			const id = (value as IDataObject).upstreamId ?? (value as IDataObject).id;
			if (text !== undefined) ready[`${field}Name`] = text;
			// a nested record known only by its id (a tenant event's occupancy) is that id, flat
			else if (typeof id === 'string' || typeof id === 'number') ready[`${field}Id`] = id;
			// one without a readable name or an id stays as it is
			else ready[field] = value;
		} else {
			ready[field] = readyScalar(value);
		}
	}
	return ready;
}
