import { HttpError, type QueryParams } from '../types';

/**
 * Read parameters as the spec writes them, nothing more (sandbox/README.md, "Hostile profile"): the
 * other profiles read comma lists for multi-value parameters, enum values in any case, dates with a
 * one-digit month or day and ignore a malformed X-API-MAX-AGE; the spec shows none of these, so the
 * hostile profile refuses each with a 400 that names the parameter. A query is read strictly when the
 * request's validation marks it so; the endpoints' own parsers (sandbox/shared/params.ts) ask.
 */
const strictQueries = new WeakSet<object>();

export function readStrictly(query: QueryParams): QueryParams {
	strictQueries.add(query);
	return query;
}

export function isStrict(query: QueryParams): boolean {
	return strictQueries.has(query);
}

/** a multi-value parameter: one value per key (`status=current&status=notice`), never `status=current,notice` */
export function refuseCommaList(name: string, values: string[]): void {
	if (values.some((value) => value.includes(','))) {
		throw new HttpError(400, `${name} takes one value per key: repeat ${name}= for each value (a comma list is not read)`, name);
	}
}

/** an enum value exactly as the spec spells it (`Move-in`, not `move-in`) */
export function refuseWrongCase(name: string, value: string, allowed: readonly string[]): void {
	const match = allowed.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
	if (match !== undefined && match !== value) throw new HttpError(400, `${name} must be spelt ${match}, not ${value}`, name);
}

const SERVICE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/** a date exactly MM/DD/YYYY (`01/02/2026`, not `1/2/2026`) */
export function refuseLooseDate(name: string, value: string): void {
	if (!SERVICE_DATE.test(value)) throw new HttpError(400, `${name} must be a date MM/DD/YYYY (two-digit month and day), not ${value}`, name);
}

/** X-API-MAX-AGE: whole seconds (`120`); `2m`, `-5`, `1.5` are refused rather than read as the default */
export function refuseMalformedMaxAge(header: string | undefined): void {
	if (header === undefined || /^\d+$/.test(header.trim())) return;
	throw new HttpError(400, `X-API-MAX-AGE must be a whole number of seconds, not ${header}`, 'X-API-MAX-AGE');
}
