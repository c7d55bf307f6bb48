import { toServiceDate } from './dates';
import { invalidField, isBlank, quoted, type ItemContext } from './validation';

/** toServiceDate converts the format only; a create must not send a day that does not exist. */
function existsInCalendar(serviceDate: string): boolean {
	const [month, day, year] = serviceDate.split('/').map(Number);
	if (month < 1 || month > 12 || day < 1) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}

/** The service's date format, MM/DD/YYYY, from a date picker value, an ISO string or a US date. */
export function usDate(ctx: ItemContext, field: string, value: unknown): string {
	if (isBlank(value)) throw invalidField(ctx, field, 'is required');
	const serviceDate = toServiceDate(value);
	if (serviceDate === undefined || !existsInCalendar(serviceDate)) {
		throw invalidField(ctx, field, `must be MM/DD/YYYY (or an ISO date), got ${quoted(value)}`);
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
