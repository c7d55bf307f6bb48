/**
 * Calendar days as whole numbers (days since 1970-01-01, UTC). The service's dates carry no time
 * zone; comparing them as UTC days keeps the arithmetic free of DST shifts, and the window's
 * margins (lookback, look-ahead) absorb the few hours an account's local day differs from UTC.
 */
const DAY_MS = 86_400_000;

const LEADING_SERVICE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/;

export function dayOfInstant(epochMs: number): number {
	return Math.floor(epochMs / DAY_MS);
}

/** MM/DD/YYYY (also M/D/YYYY and "MM/DD/YYYY at hh:mm AM") → day; undefined when absent or malformed */
export function dayOfServiceDate(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = LEADING_SERVICE_DATE.exec(value.trim());
	if (!match) return undefined;
	const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const epochMs = Date.UTC(year, month - 1, day);
	const check = new Date(epochMs);
	if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
	return dayOfInstant(epochMs);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function serviceDateOfDay(day: number): string {
	const date = new Date(day * DAY_MS);
	return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
