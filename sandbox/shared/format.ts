/** Calendar days are UTC midnights so that the sandbox clock never meets a DST shift. */
const DAY_MS = 86_400_000;

export function startOfDay(d: Date): Date {
	return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addDays(d: Date, days: number): Date {
	return new Date(d.getTime() + days * DAY_MS);
}

/** clamps to the target month's last day (Jan 31 + 1 month = Feb 28/29) */
export function addMonths(d: Date, months: number): Date {
	const y = d.getUTCFullYear();
	const m = d.getUTCMonth() + months;
	const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
	return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)));
}

export function daysBetween(from: Date, to: Date): number {
	return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY */
export function formatDate(d: Date): string {
	return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** M/DD/YYYY, the tenant-charge echo format */
export function formatShortDate(d: Date): string {
	return `${d.getUTCMonth() + 1}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** MM/DD/YYYY at hh:mm AM|PM */
export function formatStamp(d: Date): string {
	const hours = d.getUTCHours();
	const hour12 = hours % 12 === 0 ? 12 : hours % 12;
	return `${formatDate(d)} at ${pad(hour12)}:${pad(d.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function formatIso(d: Date): string {
	return d.toISOString();
}

/** strict MM/DD/YYYY (a single-digit month or day is accepted too); undefined when not a real date */
export function parseDate(text: string): Date | undefined {
	const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
	if (!match) return undefined;
	const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const d = new Date(Date.UTC(year, month - 1, day));
	if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
	return d;
}

/** instants of the dates parsed so far: a list of 10,000 units filters every row by date on each request */
const knownDates = new Map<string, number>();

/** parses a date the sandbox itself formatted */
export function parseKnownDate(text: string): Date {
	const known = knownDates.get(text);
	if (known !== undefined) return new Date(known);
	const d = parseDate(text);
	if (!d) throw new Error(`sandbox data holds a malformed date: ${text}`);
	// a few thousand days at most: a date outside a few years is not the sandbox's own
	if (knownDates.size < 100_000) knownDates.set(text, d.getTime());
	return d;
}

/** "1250.00" */
export function formatMoney(value: number): string {
	return (Math.round(value * 100) / 100).toFixed(2);
}

/** "1,250.00" as report values show it */
export function formatReportMoney(value: number): string {
	const [whole, cents] = formatMoney(Math.abs(value)).split('.');
	return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export function parseMoney(text: string): number {
	return Number(text.replace(/,/g, ''));
}

export function toCents(text: string): number {
	return Math.round(parseMoney(text) * 100);
}

export function formatPhone(digits: string): string {
	return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}
