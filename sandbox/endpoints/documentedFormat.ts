import { hostileRows } from '../hostile/nulls';
import type { SandboxContext } from '../types';

/**
 * The public docs show money with thousands commas on properties, units, rent rolls and leases
 * ("2,095.00"), and days without a leading zero on the rent roll and its recurring charges
 * ("01/1/2022"); the spec only mentions commas on report values and MM/DD/YYYY dates. The
 * `documented` profile serves these endpoints as the docs show them (sandbox/README.md).
 */
const COMMA_MONEY_PATHS = new Set(['/v1/properties', '/v1/units', '/v1/rent-roll', '/v1/rent-roll-recurring', '/v1/rent-roll-itemized', '/v1/lease-history']);
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
	const money = COMMA_MONEY_PATHS.has(path);
	const days = UNPADDED_DAY_PATHS.has(path);
	if (!money && !days) return rows;
	const strings = (text: string) => {
		const priced = money ? withCommas(text) : text;
		return days ? unpaddedDay(priced) : priced;
	};
	return rows.map((row) => rewrite(row, strings) as object);
}
