import { invalidField, isBlank, quoted, type ItemContext } from './validation';

interface CalendarDate {
	year: number;
	month: number;
	day: number;
}

/** Luxon DateTime values (e.g. {{ $now }}) carry their own calendar fields in their own zone. */
function isLuxonDateTime(value: object): value is CalendarDate & { isValid: boolean } {
	return (value as { isLuxonDateTime?: boolean }).isLuxonDateTime === true;
}

/**
 * Reads the calendar date the user meant. ISO strings keep their own date part (no time-zone
 * shift), which is what n8n's date picker shows; US dates may omit leading zeros.
 */
function calendarDateOf(value: unknown): CalendarDate | undefined {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) return undefined;
		return {
			year: value.getUTCFullYear(),
			month: value.getUTCMonth() + 1,
			day: value.getUTCDate(),
		};
	}
	if (value !== null && typeof value === 'object' && isLuxonDateTime(value)) {
		return value.isValid ? { year: value.year, month: value.month, day: value.day } : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
	if (us) return { month: Number(us[1]), day: Number(us[2]), year: Number(us[3]) };
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
	if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
	return undefined;
}

function existsInCalendar({ year, month, day }: CalendarDate): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}

const pad = (part: number, width: number) => String(part).padStart(width, '0');

/** The service's date format, MM/DD/YYYY, from a date picker value, an ISO string or a US date. */
export function usDate(ctx: ItemContext, field: string, value: unknown): string {
	if (isBlank(value)) throw invalidField(ctx, field, 'is required');
	const date = calendarDateOf(value);
	if (!date || !existsInCalendar(date)) {
		throw invalidField(ctx, field, `must be MM/DD/YYYY (or an ISO date), got ${quoted(value)}`);
	}
	return `${pad(date.month, 2)}/${pad(date.day, 2)}/${pad(date.year, 4)}`;
}

export function optionalUsDate(
	ctx: ItemContext,
	field: string,
	value: unknown,
): string | undefined {
	return isBlank(value) ? undefined : usDate(ctx, field, value);
}
