import { toServiceDate } from '../dates';
import { invalidField, isBlank, quoted, type ItemContext } from './rules';

/** The service's date format, MM/DD/YYYY, from a date picker value, an ISO string or a US date. */
export function usDate(ctx: ItemContext, field: string, value: unknown): string {
	if (isBlank(value)) throw invalidField(ctx, field, 'is required: pick a date');
	const serviceDate = toServiceDate(value, ctx.timeZone);
	if (serviceDate === undefined) {
		throw invalidField(ctx, field, `must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got ${quoted(value)}`);
	}
	return serviceDate;
}

export function optionalUsDate(
	ctx: ItemContext,
	field: string,
	value: unknown,
): string | undefined {
	return isBlank(value) ? undefined : usDate(ctx, field, value);
}
