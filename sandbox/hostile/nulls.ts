import { createHash } from 'node:crypto';
import { draw } from './draw';
import { OTHER_APPROVAL_STATUSES } from '../resources/bill/schema';

/**
 * Spec: "Any field may be null when the value is absent." The hostile profile takes that literally on
 * a seeded share of records (sandbox/README.md, "Hostile profile"):
 * - every field but the record's own id null (a record the upstream system barely knows);
 * - some fields null at random, nested objects (property, unit, tenant, address, file, lateFee),
 *   arrays (lineItems, phoneNumbers) and the fields inside kept objects and array entries included.
 * Ids that name the record stay: without them it could not be read again or told from another.
 * What is nulled belongs to the record, as on real data: it is drawn from the record's own id, or from
 * its whole content when it has none (a tenant event), never from its place in a page, so the same
 * record reads the same in every query and page it appears in.
 */
export const ALL_NULL_SHARE = 0.08;
export const SOME_NULL_SHARE = 0.3;
const FIELD_NULL_SHARE = 0.35;
const RECORD_IDS = ['upstreamId', 'guestCardId', 'rentalApplicationId', 'leaseDocumentId', 'tenantChargeId', 'rowId', 'id'];


type Row = Record<string, unknown>;

function ownId(row: Row): string {
	const field = RECORD_IDS.find((name) => row[name] !== undefined && row[name] !== null);
	if (field !== undefined) return `${field}=${String(row[field])}`;
	return `content=${createHash('sha256').update(JSON.stringify(row)).digest('base64url')}`;
}

function someNull(value: unknown, seed: number, key: string, depth: number): unknown {
	if (Array.isArray(value)) return value.map((entry, index) => someNull(entry, seed, `${key}[${index}]`, depth));
	if (value === null || typeof value !== 'object' || depth > 2) return value;
	const out: Row = {};
	for (const [field, entry] of Object.entries(value)) {
		const keep = (depth === 0 && RECORD_IDS.includes(field)) || draw(seed, key, field) >= FIELD_NULL_SHARE;
		out[field] = keep ? someNull(entry, seed, `${key}.${field}`, depth + 1) : null;
	}
	return out;
}

function billDetail(row: Row, seed: number, key: string): Row {
	const out = { ...row };
	if (draw(seed, key, 'payee') < 0.25) out.vendorId = null;
	const status = draw(seed, key, 'approval');
	if (status < 0.3) out.approvalStatus = OTHER_APPROVAL_STATUSES[Math.floor((status / 0.3) * OTHER_APPROVAL_STATUSES.length)];
	return out;
}

export function hostileRows(seed: number, path: string, rows: object[]): object[] {
	return rows.map((original) => {
		const key = `${path}#${ownId(original as Row)}`;
		const row = path === '/v1/bills/:upstreamId' ? billDetail(original as Row, seed, key) : (original as Row);
		const chance = draw(seed, key);
		if (chance < ALL_NULL_SHARE) return Object.fromEntries(Object.keys(row).map((field) => [field, RECORD_IDS.includes(field) ? row[field] : null]));
		if (chance < ALL_NULL_SHARE + SOME_NULL_SHARE) return someNull(row, seed, key, 0) as object;
		return row;
	});
}

/**
 * A create's answer, played like a read: the created record may come back with nulls ("any field may
 * be null"), drawn from the record itself; the stored record is whole. A record whose id is not one of
 * RECORD_IDS (a property group's `uuid`) may come back without any id.
 */
export function hostileCreated(seed: number, path: string, created: object): object {
	return hostileRows(seed, `${path} (created)`, [created])[0];
}
