import { hostileRows } from '../hostile/nulls';
import type { SandboxContext } from '../types';
import { formatDate, startOfDay } from './format';

/**
 * The public docs show money with thousands commas on properties, units, rent rolls, leases and the
 * tenant ledger ("2,095.00", ledger credit and balance "2,295.00"), days without a leading zero on the
 * rent roll and its recurring charges ("01/1/2022"), and a guest card's `received` with its time
 * ("01/20/2023 at 10:00 PM"); the spec only mentions commas on report values and MM/DD/YYYY dates.
 * The `documented` profile serves these endpoints as the docs show them (sandbox/README.md).
 */
const COMMA_MONEY_PATHS = new Set([
	'/v1/properties',
	'/v1/units',
	'/v1/rent-roll',
	'/v1/rent-roll-recurring',
	'/v1/rent-roll-itemized',
	'/v1/lease-history',
	'/v1/tenant-ledger',
]);
const UNPADDED_DAY_PATHS = new Set(['/v1/rent-roll', '/v1/rent-roll-recurring']);

const PLAIN_MONEY = /^(-?)(\d{4,})\.(\d{2})$/;
const PADDED_DATE = /^(\d{2})\/0(\d)\/(\d{4})$/;

function withCommas(text: string): string {
	const match = PLAIN_MONEY.exec(text);
	if (!match) return text;
	return `${match[1]}${match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${match[3]}`;
}

function unpaddedDay(text: string): string {
	return text.replace(PADDED_DATE, '$1/$2/$3');
}

const DATE_ONLY = /^\d{1,2}\/\d{1,2}\/\d{4}$/;
const FIRST_MINUTE = 8 * 60;
const BUSINESS_MINUTES = 14 * 60;

/**
 * "MM/DD/YYYY" → "MM/DD/YYYY at hh:mm AM|PM": a time between 8:00 AM and 9:59 PM drawn from the card's
 * id (the same card always shows the same time), for a card received on the day the data was made
 * never later than that moment (so never ahead of the clock, and the same on every read). A value
 * that already carries a time (an injected card) is shown as it is.
 */
function receivedWithTime(ctx: SandboxContext, card: Record<string, unknown>): unknown {
	const received = card.received;
	if (typeof received !== 'string' || !DATE_ONLY.test(received)) return received;
	const id = String(card.guestCardId ?? card.name ?? '');
	let minute = FIRST_MINUTE + ([...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 100_003, 7) % BUSINESS_MINUTES);
	const made = (ctx.db as { createdAt?: Date } | undefined)?.createdAt ?? ctx.now();
	if (received === formatDate(startOfDay(made))) minute = Math.min(minute, made.getUTCHours() * 60 + made.getUTCMinutes());
	const hours = Math.floor(minute / 60);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${received} at ${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(minute % 60)} ${hours < 12 ? 'AM' : 'PM'}`;
}

function rewrite(value: unknown, strings: (text: string) => string): unknown {
	if (typeof value === 'string') return strings(value);
	if (Array.isArray(value)) return value.map((entry) => rewrite(entry, strings));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, rewrite(entry, strings)]));
	}
	return value;
}

/** the rows of one read as the profile presents them; the spec profile leaves them untouched, the hostile one nulls some */
export function presentRows(ctx: SandboxContext, path: string, rows: object[]): object[] {
	if (ctx.profile === 'hostile') return hostileRows(ctx.seed ?? 0, path, rows);
	if (ctx.profile !== 'documented') return rows;
	if (path === '/v1/guest-cards') return rows.map((row) => ({ ...row, received: receivedWithTime(ctx, row as Record<string, unknown>) }));
	const money = COMMA_MONEY_PATHS.has(path);
	const days = UNPADDED_DAY_PATHS.has(path);
	if (!money && !days) return rows;
	const strings = (text: string) => {
		const priced = money ? withCommas(text) : text;
		return days ? unpaddedDay(priced) : priced;
	};
	return rows.map((row) => rewrite(row, strings) as object);
}

const INJECTED_PATHS: Record<string, string> = { guestCard: '/v1/guest-cards', tenantEvent: '/v1/tenant-events', bill: '/v1/bills/:upstreamId' };

/** A record the control API stored or edited, as the profile's API shows it (`documented`: as the docs show it). */
export function presentInjected(ctx: SandboxContext, kind: string, record: object): object {
	if (ctx.profile !== 'documented' || !INJECTED_PATHS[kind]) return record;
	return presentRows(ctx, INJECTED_PATHS[kind], [record])[0];
}
