/**
 * Calendar days as whole numbers (days since 1970-01-01). The service's dates are plain calendar
 * dates of the account; "today" is the calendar date in the workflow's time zone, so an account
 * in New York or Sydney sees its own day turn at its own midnight. Counting calendar dates (not
 * instants) keeps the arithmetic free of DST shifts. A service date read as a day: dayOfServiceDate
 * (shared/dates.ts, the one home of service dates' conversion).
 */
import { DAY_MS, dayOfCalendarDate } from '../../shared/dates';

/** A poll's instant: n8n's clock (epoch ms) when it started, and the calendar day it is in the workflow's time zone. */
export interface Clock {
	now: number;
	today: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** The calendar day an instant falls on in `timeZone` (an IANA name; an unknown name counts as UTC). */
export function dayInZone(epochMs: number, timeZone: string): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = formatterFor(timeZone || 'UTC').formatToParts(new Date(epochMs));
	} catch {
		return Math.floor(epochMs / DAY_MS);
	}
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	return dayOfCalendarDate(part('year'), part('month'), part('day')) ?? Math.floor(epochMs / DAY_MS);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function serviceDateOfDay(day: number): string {
	const date = new Date(day * DAY_MS);
	return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
