/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * `--units` (sandbox/shared/scale.ts): a larger portfolio whose volumes follow the unit count. The
 * realism relations are asserted at 3,000 units in realism.test.ts; here the sizes and daily volumes,
 * and the option served over HTTP.
 */
import { createDb } from '../../../sandbox/db';
import { parseDate } from '../../../sandbox/shared/format';
import { BASE_UNITS } from '../../../sandbox/shared/scale';
import { startTestSandbox } from '../../support/sandbox';
import { NOW, SEED } from './context';

const DAY_MS = 86_400_000;

/** records per day dated in the 30 days up to NOW */
function perDay(dates: Array<string | null | undefined>): number {
	const from = NOW.getTime() - 30 * DAY_MS;
	return dates.map((text) => (text ? parseDate(text.slice(0, 10))?.getTime() : undefined)).filter((time) => time !== undefined && time > from && time <= NOW.getTime()).length / 30;
}

describe('a portfolio of --units 3000', () => {
	const small = createDb(SEED, NOW);
	const large = createDb(SEED, NOW, 3000);
	const ratio = large.units.length / small.units.length;

	it('has about that many units in the same 34 properties, with tenants in proportion', () => {
		expect(large.units.length).toBeGreaterThanOrEqual(2970);
		expect(large.units.length).toBeLessThanOrEqual(3030);
		expect(large.properties.length).toBe(small.properties.length);
		expect(large.tenants.length / small.tenants.length).toBeGreaterThan(ratio * 0.85);
		expect(large.tenants.length / small.tenants.length).toBeLessThan(ratio * 1.15);
	});

	it('has daily volumes that follow the unit count: tenant events and guest cards in proportion, a bill a day per 100 units', () => {
		const events = perDay(large.tenantEvents.map((event) => event.occurredDate));
		const cards = perDay(large.guestCards.map((card) => card.received));
		const bills = perDay(large.bills.map((bill) => bill.detail.billDate));
		// 40 tenant events a day at 10,000 units is 12 at 3,000
		expect(events).toBeGreaterThan(6);
		expect(events).toBeLessThan(20);
		expect(cards).toBeGreaterThan(5);
		expect(bills).toBeGreaterThan(20);
		expect(bills).toBeLessThan(40);
	});

	it('refuses a size below the default portfolio, naming the option', () => {
		expect(() => createDb(SEED, NOW, BASE_UNITS - 1)).toThrow(/units must be a whole number of at least 343/);
	});

	it('is what a sandbox started with the option serves', async () => {
		const sandbox = await startTestSandbox({ units: 3000, rateLimit: false, pageSize: 500 });
		try {
			let next: string | undefined = '/v1/units';
			let units = 0;
			while (next) {
				const response = await fetch(`${sandbox.url}${next}`, { headers: { 'X-API-Key': sandbox.key } });
				const body = (await response.json()) as { meta: { status: string }; data?: unknown[]; links?: { next?: string | null } };
				if (body.meta.status !== 'ok') {
					// the first read of a query starts its refresh: look again once the job is done
					await new Promise((resolve) => setTimeout(resolve, 3_200));
					continue;
				}
				units += body.data?.length ?? 0;
				next = body.links?.next ?? undefined;
			}
			// the connected user sees the visible properties only
			const visible = new Set(large.properties.filter((property) => !property.invisible).map((property) => property.row.upstreamId));
			expect(units).toBe(large.units.filter((unit) => visible.has(unit.row.propertyId)).length);
			expect(units).toBeGreaterThan(2500);
		} finally {
			await sandbox.close();
		}
	}, 120_000);
});
