/**
 * Pure validation rules for create bodies. Every rule either returns the value in the form the
 * service expects or throws a NodeOperationError naming the parameter as the user sees it, the
 * item, and how to fix it, so a bad item is refused before anything is sent.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import { isIsoCountryCode } from './countries';
import { labelOf, type FieldLabels } from './labels';

/** Where a value came from: the node (for the error), the item (n8n's $itemIndex) and the labels of its parameters. */
export interface ItemContext {
	node: INode;
	itemIndex: number;
	labels?: FieldLabels;
	/** the workflow's time zone: the day of a JavaScript Date (see toServiceDate) */
	timeZone?: string;
}

/** `problem` continues the parameter's label, e.g. "must be MM/DD/YYYY, e.g. 01/31/2027". */
export function invalidField(ctx: ItemContext, field: string, problem: string): NodeOperationError {
	return new NodeOperationError(
		ctx.node,
		`${labelOf(ctx.labels, field)} ${problem} [item ${ctx.itemIndex}]`,
		{ itemIndex: ctx.itemIndex },
	);
}

const REQUIRED = 'is required: enter a value';

/** Shows a rejected value the way the user typed it. */
export function quoted(value: unknown): string {
	if (typeof value === 'string') return `'${value}'`;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}

/** Resource locators arrive as {__rl, mode, value} when read without extractValue (collections, line items). */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && '__rl' in value && 'value' in value) {
		return (value as { value: unknown }).value;
	}
	return value;
}

export function isBlank(value: unknown): boolean {
	const plain = locatorValue(value);
	return (
		plain === undefined || plain === null || (typeof plain === 'string' && plain.trim() === '')
	);
}

export function optionalText(ctx: ItemContext, field: string, value: unknown): string | undefined {
	const plain = locatorValue(value);
	if (isBlank(plain)) return undefined;
	if (typeof plain === 'number' && Number.isFinite(plain)) return String(plain);
	if (typeof plain !== 'string')
		throw invalidField(ctx, field, `must be text, got ${quoted(plain)}`);
	return plain.trim();
}

/** Ids are strings in the service; n8n users often hold them as numbers (e.g. from a previous node). */
export function optionalId(ctx: ItemContext, field: string, value: unknown): string | undefined {
	const plain = locatorValue(value);
	if (isBlank(plain)) return undefined;
	if (typeof plain === 'number' && Number.isSafeInteger(plain) && plain >= 0) return String(plain);
	if (typeof plain === 'string' && /^[^\s/?#]+$/.test(plain.trim())) return plain.trim();
	throw invalidField(ctx, field, `must be an ID without spaces or slashes, e.g. 1024, got ${quoted(plain)}`);
}

/** The rule of a field that must have a value: a blank one is refused, any other is read by `rule`. */
function required<T>(rule: (ctx: ItemContext, field: string, value: unknown) => T | undefined) {
	return (ctx: ItemContext, field: string, value: unknown): T => {
		if (isBlank(value)) throw invalidField(ctx, field, REQUIRED);
		return rule(ctx, field, value) as T;
	};
}

export const requiredText = required(optionalText);
export const requiredId = required(optionalId);

/** Accepts an array or a comma-separated list, as typed in a field or mapped from an earlier node. */
export function idList(ctx: ItemContext, field: string, value: unknown): string[] | undefined {
	const plain = locatorValue(value);
	if (isBlank(plain)) return undefined;
	let entries: unknown[];
	if (Array.isArray(plain)) entries = plain;
	else if (typeof plain === 'string') entries = plain.split(',');
	else entries = [plain];
	return entries
		.filter((entry) => !isBlank(entry))
		.map((entry, position) => requiredId(ctx, `${field}[${position}]`, entry));
}

export function oneOf<T extends string>(
	ctx: ItemContext,
	field: string,
	value: unknown,
	allowed: readonly T[],
): T {
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
		return value as T;
	throw invalidField(ctx, field, `must be one of ${allowed.join(', ')}, got ${quoted(value)}`);
}

export function optionalBoolean(
	ctx: ItemContext,
	field: string,
	value: unknown,
): boolean | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalidField(ctx, field, `must be true or false, got ${quoted(value)}`);
}

export function isoCountry(ctx: ItemContext, field: string, value: unknown): string {
	const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
	if (!isIsoCountryCode(code)) {
		throw invalidField(
			ctx,
			field,
			`must be a two-letter ISO 3166-1 country code, e.g. US, got ${quoted(value)}`,
		);
	}
	return code;
}

export function optionalEmail(ctx: ItemContext, field: string, value: unknown): string | undefined {
	const text = optionalText(ctx, field, value);
	if (text !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
		throw invalidField(ctx, field, `must be an email address, e.g. nathan@example.com, got ${quoted(value)}`);
	}
	return text;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number computed in an expression carries binary floating point artefacts (0.1 + 0.2 is
 * 0.30000000000000004); 15 significant digits are exact for every double, so rounding to them
 * gives back the decimal the user meant, which is then written without an exponent.
 */
function decimalTextOfNumber(value: number): string | undefined {
	if (!Number.isFinite(value)) return undefined;
	const text = String(Number(value.toPrecision(15)));
	return DECIMAL_TEXT.test(text) ? text : undefined;
}

function decimalText(ctx: ItemContext, field: string, value: unknown, example: string): string {
	if (isBlank(value)) throw invalidField(ctx, field, REQUIRED);
	let text: string | undefined;
	if (typeof value === 'number') text = decimalTextOfNumber(value);
	else if (typeof value === 'string') text = value.trim();
	if (text === undefined || !DECIMAL_TEXT.test(text)) {
		throw invalidField(ctx, field, `must be a decimal ${example}, got ${quoted(value)}`);
	}
	return text;
}

/**
 * Money goes to the service as decimal text with at most two decimals (cents). Text is kept as
 * written ("12.5" stays "12.5"); a number loses its floating point artefacts. A third decimal is
 * refused rather than rounded, so the amount sent is never one the user did not write.
 */
export function decimalAmount(ctx: ItemContext, field: string, value: unknown): string {
	const text = decimalText(ctx, field, value, 'amount, e.g. 125.50');
	if (/\.\d{3,}$/.test(text)) {
		throw invalidField(
			ctx,
			field,
			`has more than two decimals: round it to cents, e.g. with {{ $json.amount.toFixed(2) }}, got ${typeof value === 'number' ? text : quoted(value)}`,
		);
	}
	return text;
}

/** A count such as a line's quantity: decimal text, any number of decimals, no floating point artefacts. */
export function optionalQuantity(ctx: ItemContext, field: string, value: unknown): string | undefined {
	return isBlank(value) ? undefined : decimalText(ctx, field, value, 'number, e.g. 2 or 1.5');
}

/** A rule turns one raw parameter into what the service expects (undefined: leave it out). */
export type FieldRule = (ctx: ItemContext, field: string, value: unknown) => unknown;

/**
 * Applies one rule per key and keeps only the keys that have a value. With `strictPrefix`, keys
 * without a rule are refused (JSON typed by hand: a misspelt "amout" must not vanish silently).
 */
export function applyRules(
	ctx: ItemContext,
	rules: Record<string, FieldRule>,
	source: IDataObject,
	strictPrefix?: string,
): IDataObject {
	const result: IDataObject = {};
	if (strictPrefix !== undefined) {
		const unknownKey = Object.keys(source).find((key) => !(key in rules));
		if (unknownKey !== undefined) {
			throw invalidField(
				ctx,
				`${strictPrefix}.${unknownKey}`,
				`is not a known key: use one of ${Object.keys(rules).join(', ')}`,
			);
		}
	}
	for (const [key, rule] of Object.entries(rules)) {
		const field = strictPrefix === undefined ? key : `${strictPrefix}.${key}`;
		const value = rule(ctx, field, source[key]);
		if (value !== undefined) result[key] = value as IDataObject[string];
	}
	return result;
}

/** A rule that lets an empty value through (the field is left out of the body). */
export const optional =
	(rule: FieldRule): FieldRule =>
	(ctx, field, value) =>
		isBlank(value) ? undefined : rule(ctx, field, value);
