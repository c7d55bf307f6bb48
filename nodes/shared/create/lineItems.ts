/**
 * Line items arrive either from the node's "Line Items" fields or as JSON mapped from an earlier
 * node; both end up as the same checked array.
 */
import type { IDataObject } from 'n8n-workflow';

import { applyRules, invalidField, quoted, type FieldRule, type ItemContext } from './rules';

export type LineItemsInput = 'fields' | 'json';

function parseJsonLineItems(ctx: ItemContext, value: unknown): unknown[] {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value) as unknown;
		} catch (error) {
			throw invalidField(ctx, 'lineItems', `is not valid JSON (${(error as Error).message}): fix it or switch Line Items Input to Fields`);
		}
	}
	if (Array.isArray(parsed)) return parsed;
	if (parsed !== null && typeof parsed === 'object') return [parsed];
	throw invalidField(ctx, 'lineItems', `must be a JSON array of line items, e.g. [{"glAccountId": "40", ...}], got ${quoted(value)}`);
}

/** `fields` is the fixedCollection value ({ lineItem: [...] }); `json` the JSON parameter. */
export function lineItemsFromInput(
	ctx: ItemContext,
	input: LineItemsInput,
	fields: unknown,
	json: unknown,
	rules: Record<string, FieldRule>,
): IDataObject[] {
	const entries =
		input === 'json'
			? parseJsonLineItems(ctx, json)
			: (((fields as IDataObject | undefined)?.lineItem as unknown[] | undefined) ?? []);
	if (entries.length === 0) throw invalidField(ctx, 'lineItems', 'needs at least one line item: add one');
	return entries.map((entry, position) => {
		const prefix = `lineItems[${position}]`;
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw invalidField(ctx, prefix, `must be an object with the line item's keys, got ${quoted(entry)}`);
		}
		// Fields mode only ever holds known keys; JSON typed by hand is held to them strictly.
		return applyRules(ctx, rules, entry as IDataObject, prefix);
	});
}
