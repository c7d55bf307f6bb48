import { itemSchemas } from '../../../sandbox/resources';
import type { QueryParams } from '../../../sandbox/types';
import { makeContext, NOW, read } from './context';

const COMMA_PATHS = ['/v1/properties', '/v1/units', '/v1/rent-roll', '/v1/rent-roll-recurring', '/v1/rent-roll-itemized', '/v1/lease-history', '/v1/tenant-ledger'];
const PLAIN_THOUSANDS = /^-?\d{4,}\.\d{2}$/;
const COMMA_THOUSANDS = /^-?\d{1,3}(,\d{3})+\.\d{2}$/;
const UNPADDED_DAY = /^\d{2}\/\d\/\d{4}$/;
const PADDED_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(strings);
	if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
	return [];
}

const query = (path: string): QueryParams => (path === '/v1/lease-history' ? { dateFrom: '01/2000', dateTo: '12/2099' } : {});

/** "03/18/2026 at 09:05 PM" → epoch ms, reading the sandbox's dates as UTC days */
function stampTime(stamp: string): number {
	const [, month, day, year, hour, minute, half] = /^(\d{2})\/(\d{2})\/(\d{4}) at (\d{2}):(\d{2}) (AM|PM)$/.exec(stamp)!;
	const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
	return Date.UTC(Number(year), Number(month) - 1, Number(day), hours, Number(minute));
}

describe('money and dates as the public docs show them (documented profile)', () => {
	const documented = makeContext(NOW, 'documented');
	const spec = makeContext(NOW, 'spec');

	it.each(COMMA_PATHS)('%s carries thousands commas in documented and none in spec', (path) => {
		const shown = read(documented, path, query(path)).flatMap(strings);
		const plain = read(spec, path, query(path)).flatMap(strings);
		expect(shown.filter((s) => COMMA_THOUSANDS.test(s)).length).toBeGreaterThan(0);
		expect(shown.filter((s) => PLAIN_THOUSANDS.test(s))).toEqual([]);
		expect(plain.filter((s) => COMMA_THOUSANDS.test(s))).toEqual([]);
		for (const row of read(documented, path, query(path))) expect(itemSchemas[`GET ${path}`].safeParse(row).success).toBe(true);
	});

	it.each(['/v1/rent-roll', '/v1/rent-roll-recurring'])('%s leaves the day unpadded in documented and padded in spec', (path) => {
		const shown = read(documented, path).flatMap(strings);
		const plain = read(spec, path).flatMap(strings);
		expect(shown.filter((s) => UNPADDED_DAY.test(s)).length).toBeGreaterThan(0);
		expect(shown.filter((s) => /^\d{2}\/0\d\/\d{4}$/.test(s))).toEqual([]);
		expect(plain.filter((s) => UNPADDED_DAY.test(s))).toEqual([]);
		expect(plain.filter((s) => PADDED_DATE.test(s)).length).toBeGreaterThan(0);
	});

	it('/v1/tenant-ledger shows credit, debit and balance as the docs do ("2,295.00"), the same amounts as spec', () => {
		const shown = read(documented, '/v1/tenant-ledger');
		const plain = read(spec, '/v1/tenant-ledger');
		expect(shown.length).toBe(plain.length);
		const money = (rows: Array<Record<string, string | null>>) => rows.flatMap((row) => [row.credit, row.debit, row.balance]).filter((value): value is string => value !== null);
		expect(money(shown).filter((value) => COMMA_THOUSANDS.test(value)).length).toBeGreaterThan(0);
		expect(money(shown).filter((value) => PLAIN_THOUSANDS.test(value))).toEqual([]);
		expect(money(shown).map((value: string) => value.replace(/,/g, ''))).toEqual(money(plain));
	});

	it('/v1/guest-cards shows received with its time as the docs do ("01/20/2023 at 10:00 PM"), the same day as spec, never ahead of the clock', () => {
		const query = { dateRange: 'all_time' };
		const shown = read(documented, '/v1/guest-cards', query);
		const plain = read(spec, '/v1/guest-cards', query);
		expect(shown.length).toBe(plain.length);
		expect(shown.length).toBeGreaterThan(0);
		for (const [index, card] of shown.entries()) {
			expect(card.received).toMatch(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} (AM|PM)$/);
			expect(card.received.slice(0, 10)).toBe(plain[index].received);
			expect(stampTime(card.received)).toBeLessThanOrEqual(NOW.getTime());
		}
		// one card keeps its time from read to read
		expect(read(documented, '/v1/guest-cards', query).map((card) => card.received)).toEqual(shown.map((card) => card.received));
		// the date filters still select by the received day
		const today = read(documented, '/v1/guest-cards', { dateRange: 'all_time', dateFrom: '03/18/2026', dateTo: '03/18/2026' });
		expect(today.length).toBeGreaterThan(0);
		expect(today.every((card) => card.received.startsWith('03/18/2026 at '))).toBe(true);
		expect(plain.filter((card) => card.received === '03/18/2026').length).toBe(today.length);
	});

	it('keeps every other endpoint as the spec shows it', () => {
		const bills = read(documented, '/v1/tenants', { status: 'all' }).flatMap(strings);
		expect(bills.filter((s) => COMMA_THOUSANDS.test(s) || UNPADDED_DAY.test(s))).toEqual([]);
	});
});
