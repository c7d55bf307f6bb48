/**
 * dateFrom/dateTo without a dateRange: the docs do not say whether they are honoured or the
 * endpoint's default range applies (sandbox/README.md). The spec profile honours them; the
 * documented profile with `datesNeedRange` plays the stricter reading: the range (its default when
 * absent) always applies and the dates only narrow it.
 */
import type { SandboxContext } from '../../../sandbox/types';
import { makeContext, NOW, read } from './context';

const strict = (): SandboxContext => ({ ...makeContext(NOW, 'documented'), datesNeedRange: true });

const JANUARY = { dateFrom: '01/01/2026', dateTo: '01/31/2026' };
const inJanuary = (date: string) => /^01\/\d{2}\/2026$/.test(date);

describe('dateFrom/dateTo without dateRange', () => {
	it('spec profile: the dates alone select the days', () => {
		const events = read(makeContext(NOW, 'spec'), '/v1/tenant-events', JANUARY);
		expect(events.length).toBeGreaterThan(0);
		expect(events.every((event) => inJanuary(event.occurredDate))).toBe(true);
	});

	it('documented profile without datesNeedRange: as the spec profile', () => {
		expect(read(makeContext(NOW, 'documented'), '/v1/tenant-events', JANUARY)).toEqual(read(makeContext(NOW, 'spec'), '/v1/tenant-events', JANUARY));
	});

	it('datesNeedRange: the default range (this month, March 2026) still applies, so January gives nothing', () => {
		const ctx = strict();
		expect(read(ctx, '/v1/tenant-events', JANUARY)).toEqual([]);
		const thisMonth = read(ctx, '/v1/tenant-events', {});
		expect(thisMonth.length).toBeGreaterThan(0);
		expect(read(ctx, '/v1/tenant-events', { dateFrom: '03/01/2026' })).toEqual(thisMonth);
	});

	it('datesNeedRange: with dateRange=all_time the dates narrow it to exactly their days', () => {
		const spec = read(makeContext(NOW, 'spec'), '/v1/tenant-events', JANUARY);
		const documented = read(strict(), '/v1/tenant-events', { ...JANUARY, dateRange: 'all_time' });
		expect(documented).toEqual(spec);
	});
});
