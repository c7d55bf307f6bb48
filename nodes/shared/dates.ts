import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidField, isBlank, quoted, type ItemContext } from './create/rules';

/**
 * Service dates, the one home of their conversion: a day as MM/DD/YYYY (`toServiceDate`), a month as
 * MM/YYYY (`toServiceMonth`), the preSends that send a parameter in that form, a create's date
 * fields checked and converted (`usDate`), and a date the service returned read as a day number
 * (`dayOfServiceDate`).
 */

const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

interface FormattableDate {
	toFormat(format: string): string;
}

function isLuxonLike(value: unknown): value is FormattableDate {
	return typeof value === 'object' && value !== null && typeof (value as FormattableDate).toFormat === 'function';
}

function existsInCalendar(month: number, day: number, year: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function serviceDateOf(month: string, day: string, year: string): string | undefined {
	if (!existsInCalendar(Number(month), Number(day), Number(year))) return undefined;
	return `${month.padStart(2, '0')}/${day.padStart(2, '0')}/${year}`;
}

/** MM/DD/YYYY of the calendar day an instant falls on in `timeZone` (an IANA name; an unknown one counts as UTC). */
function dayInZone(instant: Date, timeZone: string): string | undefined {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
	} catch {
		return timeZone === 'UTC' ? undefined : dayInZone(instant, 'UTC');
	}
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
	return serviceDateOf(part('month'), part('day'), part('year'));
}

/**
 * The service only understands MM/DD/YYYY; a day that does not exist (13/01, 02/30) is no date. n8n's date picker yields a zone-less local time
 * ("2026-11-01T00:00:00") and expressions yield ISO strings or Luxon DateTimes; the calendar day
 * the user wrote is kept as written, because shifting it through UTC would move the day. A
 * JavaScript Date is an instant without a zone: its day is the one in the workflow's time zone
 * (`timeZone`, as the trigger counts days), so 9 pm in New York stays that day.
 */
export function toServiceDate(value: unknown, timeZone = 'UTC'): string | undefined {
	if (isLuxonLike(value)) return value.toFormat('MM/dd/yyyy');
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : dayInZone(value, timeZone);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const iso = ISO_DATE_PREFIX.exec(text);
	if (iso) return serviceDateOf(iso[2], iso[3], iso[1]);
	const us = US_DATE.exec(text);
	if (us) return serviceDateOf(us[1], us[2], us[3]);
	return undefined;
}

/**
 * preSend that rewrites one query or body value into the service's form, drops it when left
 * empty, and refuses the item when `format` cannot read the value (nothing is sent).
 */
export function sendInServiceForm(
	property: string,
	location: 'qs' | 'body',
	format: (value: unknown, timeZone: string) => string | undefined,
	refusal: (value: unknown, itemIndex: number) => { message: string; description: string },
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const target = requestOptions[location] as IDataObject | undefined;
		if (!target || !(property in target)) return requestOptions;
		const value = target[property];
		if (value === undefined || value === null || value === '') {
			delete target[property];
			return requestOptions;
		}
		const formatted = format(value, this.getTimezone());
		if (formatted === undefined) {
			const itemIndex = this.getItemIndex();
			const { message, description } = refusal(value, itemIndex);
			throw new NodeOperationError(this.getNode(), message, { itemIndex, description });
		}
		target[property] = formatted;
		return requestOptions;
	};
}

/** preSend that sends one query or body value as MM/DD/YYYY, naming the parameter when it is no date. */
export function sendAsServiceDate(
	property: string,
	location: 'qs' | 'body' = 'qs',
	label = property,
): PreSendAction {
	return sendInServiceForm(property, location, toServiceDate, (value, itemIndex) => ({
		message: `${label} must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '${String(value)}' [item ${itemIndex}]`,
		description: 'Use a date such as 2026-11-01 or 11/01/2026.',
	}));
}

/** A day as a whole number counts days since 1970-01-01, as the trigger does (its kernel/days.ts says why). */
export const DAY_MS = 86_400_000;

/** M/D/YYYY with or without zero padding (the docs show `01/1/2022`), also "… at hh:mm AM" stamps */
const LEADING_SERVICE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/;

export function dayOfCalendarDate(year: number, month: number, day: number): number | undefined {
	const epochMs = Date.UTC(year, month - 1, day);
	const check = new Date(epochMs);
	if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
	return Math.floor(epochMs / DAY_MS);
}

/** MM/DD/YYYY (also M/D/YYYY and "MM/DD/YYYY at hh:mm AM") → day; undefined when absent or malformed */
export function dayOfServiceDate(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = LEADING_SERVICE_DATE.exec(value.trim());
	if (!match) return undefined;
	return dayOfCalendarDate(Number(match[3]), Number(match[1]), Number(match[2]));
}

const SERVICE_MONTH = /^(\d{1,2})\/(\d{4})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * MM/YYYY, the lease history's month parameters. Accepts MM/YYYY (a one-digit month too),
 * YYYY-MM, and anything toServiceDate reads as a day (its month is kept).
 */
export function toServiceMonth(value: unknown, timeZone?: string): string | undefined {
	const text = typeof value === 'string' ? value.trim() : undefined;
	const month = text ? (SERVICE_MONTH.exec(text) ?? ISO_MONTH.exec(text)) : null;
	if (month) {
		const [m, y] = SERVICE_MONTH.test(text!) ? [month[1], month[2]] : [month[2], month[1]];
		if (Number(m) < 1 || Number(m) > 12) return undefined;
		return `${m.padStart(2, '0')}/${y}`;
	}
	const day = toServiceDate(value, timeZone);
	return day === undefined ? undefined : `${day.slice(0, 2)}/${day.slice(6)}`;
}

export function sendAsServiceMonth(property: string): PreSendAction {
	return sendInServiceForm(property, 'qs', toServiceMonth, (value, itemIndex) => ({
		message: `Item ${itemIndex}: ${property} must be MM/YYYY, got '${String(value)}'`,
		description: 'Use a month such as 03/2026, 2026-03 or any date in that month.',
	}));
}

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
