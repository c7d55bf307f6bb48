import type { IExecuteSingleFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import { sendAsServiceDate, toServiceDate, toServiceMonth } from '../../../nodes/shared/dates';

describe('toServiceDate', () => {
	it.each([
		['2026-11-01T00:00:00', '11/01/2026'],
		['2026-11-01', '11/01/2026'],
		['2026-03-09T23:30:00.000-05:00', '03/09/2026'],
		['2026-03-09T02:00:00.000Z', '03/09/2026'],
		['11/01/2026', '11/01/2026'],
		['3/9/2026', '03/09/2026'],
	])('%s → %s', (input, expected) => {
		expect(toServiceDate(input)).toBe(expected);
	});

	it('formats Luxon-like values with their own zone', () => {
		const luxonLike = { toFormat: (format: string) => (format === 'MM/dd/yyyy' ? '12/31/2025' : '') };
		expect(toServiceDate(luxonLike)).toBe('12/31/2025');
	});

	it("takes a JavaScript Date's day in the given time zone (UTC when none is given)", () => {
		const evening = new Date('2026-11-03T02:30:00.000Z');
		expect(toServiceDate(evening, 'America/Los_Angeles')).toBe('11/02/2026');
		expect(toServiceDate(evening, 'Europe/Berlin')).toBe('11/03/2026');
		expect(toServiceDate(evening)).toBe('11/03/2026');
		expect(toServiceDate(new Date(Number.NaN), 'UTC')).toBeUndefined();
	});

	it('refuses what is not a date', () => {
		expect(toServiceDate('next tuesday')).toBeUndefined();
		expect(toServiceDate(42)).toBeUndefined();
	});

	it('refuses days that do not exist', () => {
		expect(toServiceDate('2026-13-01')).toBeUndefined();
		expect(toServiceDate('02/30/2026')).toBeUndefined();
		expect(toServiceDate('2028-02-29')).toBe('02/29/2028');
	});
});

describe('sendAsServiceDate', () => {
	const node = { name: 'Property Management' } as INode;
	const context = { getNode: () => node, getItemIndex: () => 3, getTimezone: () => 'America/New_York' } as unknown as IExecuteSingleFunctions;

	it('rewrites the query value and drops an empty one', async () => {
		const options: IHttpRequestOptions = { url: '/v1/x', qs: { dateFrom: '2026-11-01T00:00:00', dateTo: '' } };
		await sendAsServiceDate('dateFrom').call(context, options);
		await sendAsServiceDate('dateTo').call(context, options);
		expect(options.qs).toEqual({ dateFrom: '11/01/2026' });
	});

	it('names the parameter and the item when the value is not a date', async () => {
		const options: IHttpRequestOptions = { url: '/v1/x', qs: { date: 'soon' } };
		await expect(sendAsServiceDate('date').call(context, options)).rejects.toMatchObject({
			message: "date must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got 'soon' [item 3]",
			context: { itemIndex: 3 },
		});
	});
});

describe('service dates as the docs show them on the rent roll', () => {
	it.each([
		['01/1/2022', '01/01/2022'],
		['10/1/2023', '10/01/2023'],
		['02/28/2024', '02/28/2024'],
	])('reads %s (a rent roll value fed back into a filter) as %s', (input, expected) => {
		expect(toServiceDate(input)).toBe(expected);
	});
});

describe('toServiceMonth (lease history MM/YYYY)', () => {
	it.each([
		['03/2026', '03/2026'],
		['3/2026', '03/2026'],
		['2026-03', '03/2026'],
		['2026-03-18T00:00:00', '03/2026'],
		['03/1/2026', '03/2026'],
	])('%s → %s', (input, expected) => {
		expect(toServiceMonth(input)).toBe(expected);
	});

	it('refuses what is not a month', () => {
		expect(toServiceMonth('13/2026')).toBeUndefined();
		expect(toServiceMonth('2026-00')).toBeUndefined();
		expect(toServiceMonth('March')).toBeUndefined();
	});
});
