/**
 * Calendar days as whole numbers (days since 1970-01-01). The service's dates are plain calendar
 * dates of the account; "today" is the calendar date in the workflow's time zone, so an account
 * in New York or Sydney sees its own day turn at its own midnight. Counting calendar dates (not
 * instants) keeps the arithmetic free of DST shifts.
 */
const DAY_MS = 86_400_000;

/** A poll's instant: n8n's clock (epoch ms) when it started, and the calendar day it is in the workflow's time zone. */
export interface Clock {
	now: number;
	today: number;
}

/** M/D/YYYY with or without zero padding (the docs show `01/1/2022`), also "… at hh:mm AM" stamps */
const LEADING_SERVICE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/;

function dayOfCalendarDate(year: number, month: number, day: number): number | undefined {
	const epochMs = Date.UTC(year, month - 1, day);
	const check = new Date(epochMs);
	if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
	return Math.floor(epochMs / DAY_MS);
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

/** MM/DD/YYYY (also M/D/YYYY and "MM/DD/YYYY at hh:mm AM") → day; undefined when absent or malformed */
export function dayOfServiceDate(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = LEADING_SERVICE_DATE.exec(value.trim());
	if (!match) return undefined;
	return dayOfCalendarDate(Number(match[3]), Number(match[1]), Number(match[2]));
}

const pad = (n: number) => String(n).padStart(2, '0');

export function serviceDateOfDay(day: number): string {
	const date = new Date(day * DAY_MS);
	return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
