import { HttpError } from '../types';
import { parseDate } from './format';

/** Shared rules of the create endpoints; every failure is a 400 naming the field at fault. */
export type Body = Record<string, unknown>;

export function bodyObject(body: unknown): Body {
	if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'the request body must be a JSON object');
	return body as Body;
}

function present(value: unknown): boolean {
	return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

export function optionalString(body: Body, field: string, label = field): string | null {
	const value = body[field];
	if (!present(value)) return null;
	if (typeof value !== 'string') throw new HttpError(400, `${label} must be a string`, label);
	return value.trim();
}

export function requiredString(body: Body, field: string, label = field): string {
	const value = optionalString(body, field, label);
	if (value === null) throw new HttpError(400, `${label} is required`, label);
	return value;
}

/** ids arrive as strings or numbers (n8n sends either) */
export function optionalId(body: Body, field: string, label = field): string | null {
	const value = body[field];
	if (!present(value)) return null;
	if (typeof value === 'number' && Number.isInteger(value)) return String(value);
	if (typeof value === 'string' && /^[A-Za-z0-9-]+$/.test(value.trim())) return value.trim();
	throw new HttpError(400, `${label} must be an id`, label);
}

export function requiredId(body: Body, field: string, label = field): string {
	const value = optionalId(body, field, label);
	if (value === null) throw new HttpError(400, `${label} is required`, label);
	return value;
}

export function optionalIdList(body: Body, field: string): string[] {
	const value = body[field];
	if (!present(value)) return [];
	if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array of ids`, field);
	return value.map((_, index) => requiredId(value as unknown as Body, String(index), `${field}[${index}]`));
}

const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

/** amounts are decimal strings only ("12", "12.5", "12.50"); returns cents */
export function requiredAmount(body: Body, field: string, label = field, options: { positive?: boolean } = { positive: true }): number {
	const value = body[field];
	if (!present(value)) throw new HttpError(400, `${label} is required`, label);
	if (typeof value !== 'string' || !DECIMAL.test(value.trim())) throw new HttpError(400, `${label} must be a decimal string such as "125.50"`, label);
	const cents = Math.round(Number(value) * 100);
	if (options.positive && cents <= 0) throw new HttpError(400, `${label} must be greater than zero`, label);
	return cents;
}

export function optionalDate(body: Body, field: string, label = field): Date | null {
	const value = body[field];
	if (!present(value)) return null;
	const parsed = typeof value === 'string' ? parseDate(value) : undefined;
	if (!parsed) throw new HttpError(400, `${label} must be a date MM/DD/YYYY`, label);
	return parsed;
}

export function requiredDate(body: Body, field: string, label = field): Date {
	const value = optionalDate(body, field, label);
	if (value === null) throw new HttpError(400, `${label} is required`, label);
	return value;
}

export function optionalBoolean(body: Body, field: string): boolean | null {
	const value = body[field];
	if (value === undefined || value === null) return null;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw new HttpError(400, `${field} must be true or false`, field);
}

export function optionalEnum<T extends string>(body: Body, field: string, allowed: readonly T[]): T | null {
	const value = optionalString(body, field);
	if (value === null) return null;
	if (!allowed.includes(value as T)) throw new HttpError(400, `${field} must be one of ${allowed.join(', ')}`, field);
	return value as T;
}

/** a non-empty array of objects; returns them with their index for field labels */
export function requiredObjectList(body: Body, field: string): Body[] {
	const value = body[field];
	if (!Array.isArray(value) || value.length === 0) throw new HttpError(400, `${field} needs at least one entry`, field);
	return value.map((entry, index) => {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new HttpError(400, `${field}[${index}] must be an object`, `${field}[${index}]`);
		return entry as Body;
	});
}
