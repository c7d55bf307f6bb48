import type { IDataObject } from 'n8n-workflow';

/** The fields a create's answer names its record by (spec: tenant charges `tenantChargeId`, property groups also `uuid`). */
const ID_FIELDS = ['upstreamId', 'tenantChargeId', 'uuid', 'id'];
/** What tells a record apart when the answer left every id null ("any field may be null"). */
const NAME_FIELDS = ['name', 'companyName', 'number', 'reference', 'description'];

function text(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const trimmed = String(value).trim();
	return trimmed === '' ? undefined : trimmed;
}

/**
 * How messages name a record a create made (what to look up before running an item again): its id, or
 * when the answer gave none, its name, so that an error never hides that a record was made.
 */
export function createdRecordLabel(record: IDataObject): string {
	for (const field of ID_FIELDS) {
		const id = text(record[field]);
		if (id !== undefined) return id;
	}
	for (const field of NAME_FIELDS) {
		const name = text(record[field]);
		if (name !== undefined) return `"${name}" (the answer gave no id)`;
	}
	return 'a record whose id the answer left null';
}
