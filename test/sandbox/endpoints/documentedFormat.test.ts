import { itemSchemas } from '../../../sandbox/schemas';
import type { QueryParams } from '../../../sandbox/types';
import { makeContext, NOW, read } from './context';

const COMMA_PATHS = ['/v1/properties', '/v1/units', '/v1/rent-roll', '/v1/rent-roll-recurring', '/v1/rent-roll-itemized', '/v1/lease-history'];
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

	it('keeps every other endpoint as the spec shows it', () => {
		const bills = read(documented, '/v1/tenants', { status: 'all' }).flatMap(strings);
		expect(bills.filter((s) => COMMA_THOUSANDS.test(s) || UNPADDED_DAY.test(s))).toEqual([]);
	});
});
