import { addDays, addMonths, startOfDay } from './format';

export interface DateWindow {
	/** inclusive; null = open */
	from: Date | null;
	to: Date | null;
}

export const DATE_RANGES = [
	'today',
	'this_week',
	'this_week_to_date',
	'this_month',
	'this_month_to_date',
	'this_quarter',
	'this_quarter_to_date',
	'this_year_to_date',
	'last_year',
	'last_year_to_date',
	'yesterday',
	'last_week',
	'last_week_to_date',
	'last_month',
	'last_month_to_date',
	'last_quarter',
	'last_quarter_to_date',
	'last_7_days',
	'last_30_days',
	'last_60_days',
	'last_90_days',
	'trailing_12_months',
	'next_7_days',
	'next_30_days',
	'next_60_days',
	'next_90_days',
	'next_week',
	'next_month',
	'next_quarter',
	'until_1_week_ago',
	'until_1_month_ago',
	'all_time',
] as const;

export type DateRange = (typeof DATE_RANGES)[number];

export function isDateRange(value: string): value is DateRange {
	return (DATE_RANGES as readonly string[]).includes(value);
}

const monthStart = (d: Date, offset = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
const monthEnd = (d: Date, offset = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset + 1, 0));
const quarterStart = (d: Date, offset = 0) => new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + offset * 3, 1));
const quarterEnd = (d: Date, offset = 0) => addDays(quarterStart(d, offset + 1), -1);
/** weeks start on Sunday */
const weekStart = (d: Date, offset = 0) => addDays(d, -d.getUTCDay() + offset * 7);
const between = (from: Date | null, to: Date | null): DateWindow => ({ from, to });

/**
 * Every DateRange as inclusive calendar days around the sandbox clock. "last/next N days" count
 * today as the first day; "*_to_date" of a past period ends on the same day-of-period as today.
 */
export function resolveDateRange(range: DateRange, now: Date): DateWindow {
	const today = startOfDay(now);
	const year = today.getUTCFullYear();
	switch (range) {
		case 'today':
			return between(today, today);
		case 'yesterday':
			return between(addDays(today, -1), addDays(today, -1));
		case 'this_week':
			return between(weekStart(today), addDays(weekStart(today), 6));
		case 'this_week_to_date':
			return between(weekStart(today), today);
		case 'last_week':
			return between(weekStart(today, -1), addDays(weekStart(today), -1));
		case 'last_week_to_date':
			return between(weekStart(today, -1), addDays(today, -7));
		case 'next_week':
			return between(weekStart(today, 1), addDays(weekStart(today, 1), 6));
		case 'this_month':
			return between(monthStart(today), monthEnd(today));
		case 'this_month_to_date':
			return between(monthStart(today), today);
		case 'last_month':
			return between(monthStart(today, -1), monthEnd(today, -1));
		case 'last_month_to_date':
			return between(monthStart(today, -1), addMonths(today, -1));
		case 'next_month':
			return between(monthStart(today, 1), monthEnd(today, 1));
		case 'this_quarter':
			return between(quarterStart(today), quarterEnd(today));
		case 'this_quarter_to_date':
			return between(quarterStart(today), today);
		case 'last_quarter':
			return between(quarterStart(today, -1), quarterEnd(today, -1));
		case 'last_quarter_to_date':
			return between(quarterStart(today, -1), addMonths(today, -3));
		case 'next_quarter':
			return between(quarterStart(today, 1), quarterEnd(today, 1));
		case 'this_year_to_date':
			return between(new Date(Date.UTC(year, 0, 1)), today);
		case 'last_year':
			return between(new Date(Date.UTC(year - 1, 0, 1)), new Date(Date.UTC(year - 1, 11, 31)));
		case 'last_year_to_date':
			return between(new Date(Date.UTC(year - 1, 0, 1)), addMonths(today, -12));
		case 'last_7_days':
			return between(addDays(today, -6), today);
		case 'last_30_days':
			return between(addDays(today, -29), today);
		case 'last_60_days':
			return between(addDays(today, -59), today);
		case 'last_90_days':
			return between(addDays(today, -89), today);
		case 'trailing_12_months':
			return between(addDays(addMonths(today, -12), 1), today);
		case 'next_7_days':
			return between(today, addDays(today, 6));
		case 'next_30_days':
			return between(today, addDays(today, 29));
		case 'next_60_days':
			return between(today, addDays(today, 59));
		case 'next_90_days':
			return between(today, addDays(today, 89));
		case 'until_1_week_ago':
			return between(null, addDays(today, -7));
		case 'until_1_month_ago':
			return between(null, addMonths(today, -1));
		case 'all_time':
			return between(null, null);
	}
}

export function inWindow(window: DateWindow, day: Date): boolean {
	return (!window.from || day >= window.from) && (!window.to || day <= window.to);
}
