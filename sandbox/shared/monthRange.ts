import { HttpError, type QueryParams, type SandboxContext } from '../types';
import type { DateWindow } from './dateRange';
import { addDays, addMonths, startOfDay } from './format';
import { oneOf, single } from './params';

/** the lease history's own date ranges, as the docs list them (whole months, unlike DateRange) */
export const MONTH_RANGES = [
	'this_month',
	'this_quarter',
	'this_year',
	'this_year_to_month',
	'last_month',
	'last_quarter',
	'last_year',
	'trailing_3_months',
	'trailing_6_months',
	'trailing_12_months',
	'rolling_12_months',
	'this_and_next_3_months',
	'this_and_next_6_months',
] as const;
export type MonthRange = (typeof MONTH_RANGES)[number];

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
/** months [first, last] counted from the current month (0), both whole */
const months = (today: Date, first: number, last: number): DateWindow => {
	const current = monthStart(today.getUTCFullYear(), today.getUTCMonth());
	return { from: addMonths(current, first), to: addDays(addMonths(current, last + 1), -1) };
};

/**
 * trailing_N_months: the N whole months before the current one; rolling_12_months: the current month
 * and the eleven before it; this_and_next_N_months: the current month and the N after it.
 */
export function resolveMonthRange(range: MonthRange, now: Date): DateWindow {
	const today = startOfDay(now);
	const quarter = Math.floor(today.getUTCMonth() / 3) * 3 - today.getUTCMonth();
	const year = -today.getUTCMonth();
	const windows: Record<MonthRange, () => DateWindow> = {
		this_month: () => months(today, 0, 0),
		this_quarter: () => months(today, quarter, quarter + 2),
		this_year: () => months(today, year, year + 11),
		this_year_to_month: () => months(today, year, 0),
		last_month: () => months(today, -1, -1),
		last_quarter: () => months(today, quarter - 3, quarter - 1),
		last_year: () => months(today, year - 12, year - 1),
		trailing_3_months: () => months(today, -3, -1),
		trailing_6_months: () => months(today, -6, -1),
		trailing_12_months: () => months(today, -12, -1),
		rolling_12_months: () => months(today, -11, 0),
		this_and_next_3_months: () => months(today, 0, 3),
		this_and_next_6_months: () => months(today, 0, 6),
	};
	return windows[range]();
}

/** MM/YYYY (a single-digit month too); 400 naming the field otherwise */
function monthParam(query: QueryParams, name: string): { year: number; month: number } | undefined {
	const value = single(query, name);
	if (value === undefined) return undefined;
	const match = /^(\d{1,2})\/(\d{4})$/.exec(value.trim());
	const month = match ? Number(match[1]) : 0;
	if (!match || month < 1 || month > 12) throw new HttpError(400, `${name} must be MM/YYYY, got "${value}"`, name);
	return { year: Number(match[2]), month: month - 1 };
}

/** dateRange of MONTH_RANGES, or dateFrom/dateTo as MM/YYYY: from the first day of dateFrom's month to the last of dateTo's */
export function monthWindow(ctx: SandboxContext, query: QueryParams, fallback: MonthRange): DateWindow {
	const range = oneOf(query, 'dateRange', MONTH_RANGES, fallback);
	const from = monthParam(query, 'dateFrom');
	const to = monthParam(query, 'dateTo');
	if (!from && !to) return resolveMonthRange(range, ctx.now());
	return {
		from: from ? monthStart(from.year, from.month) : null,
		to: to ? addDays(monthStart(to.year, to.month + 1), -1) : null,
	};
}
