import type { INode } from 'n8n-workflow';

import { billBody, billLineItemRules } from '../../../nodes/PropertyManagement/resources/bill/body';
import { propertyGroupBody } from '../../../nodes/PropertyManagement/resources/propertyGroup/body';
import { purchaseOrderLineItemRules } from '../../../nodes/PropertyManagement/resources/purchaseOrder/body';
import { tenantChargeBody } from '../../../nodes/PropertyManagement/resources/tenantLedger/body';
import { vendorBody } from '../../../nodes/PropertyManagement/resources/vendor/body';
import { usDate } from '../../../nodes/shared/dates';
import { lineItemsFromInput } from '../../../nodes/shared/create/lineItems';
import { decimalAmount, idList, isoCountry, optionalQuantity, requiredId } from '../../../nodes/shared/create/rules';

const node = { name: 'Property Management', type: 'propertyManagement' } as INode;
const item2 = { node, itemIndex: 2 };

describe('dates', () => {
	it.each([
		['11/21/2026', '11/21/2026'],
		['1/5/2026', '01/05/2026'],
		['2026-11-21', '11/21/2026'],
		['2026-11-21T00:00:00', '11/21/2026'],
		['2026-11-21T23:30:00.000-05:00', '11/21/2026'],
		['2024-02-29', '02/29/2024'],
	])('%s becomes %s', (input, expected) => {
		expect(usDate(item2, 'billDate', input)).toBe(expected);
	});

	it('takes a JavaScript Date by its UTC calendar day', () => {
		expect(usDate(item2, 'billDate', new Date('2026-03-04T00:00:00Z'))).toBe('03/04/2026');
	});

	it.each(['2026-13-01', '02/30/2026', '2025-02-29', '13/01/2026', 'tomorrow', 20261121])(
		'refuses %p naming the field and the item',
		(input) => {
			expect(() => usDate(item2, 'billDate', input)).toThrow(
				new RegExp(`^billDate must be MM/DD/YYYY, e.g. 01/31/2027 \\(or an ISO date\\), got .* \\[item 2\\]$`),
			);
		},
	);

	it('reports the exact value it refused', () => {
		expect(() => usDate(item2, 'billDate', '2026-13-01')).toThrow(
			"billDate must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '2026-13-01' [item 2]",
		);
	});
});

describe('amounts', () => {
	it.each([
		['12.5', '12.5'],
		[12.5, '12.5'],
		['12.50', '12.50'],
		[' 100 ', '100'],
		[0, '0'],
		[0.1 + 0.2, '0.3'],
		[1.1 * 3, '3.3'],
		[-19.99, '-19.99'],
	])('%p is sent as %p', (input, expected) => {
		expect(decimalAmount(item2, 'amount', input)).toBe(expected);
	});

	it.each(['12,50', '$12', 'abc', '1e3', Number.NaN, {}, true])('refuses %p', (input) => {
		expect(() => decimalAmount(item2, 'amount', input)).toThrow(
			/^amount must be a decimal amount, e.g. 125.50, got .* \[item 2\]$/,
		);
	});

	it.each([12.345, '12.345', 0.1 + 0.2 + 0.005])('refuses %p: more than two decimals', (input) => {
		expect(() => decimalAmount(item2, 'amount', input)).toThrow(/^amount has more than two decimals: round it to cents.* \[item 2\]$/);
	});
});

describe('quantities', () => {
	it('keeps any number of decimals but no floating point artefacts', () => {
		expect(optionalQuantity(item2, 'quantity', 0.1 * 3)).toBe('0.3');
		expect(optionalQuantity(item2, 'quantity', '2.125')).toBe('2.125');
		expect(optionalQuantity(item2, 'quantity', '')).toBeUndefined();
	});
});

describe('ids', () => {
	it('accepts numbers, strings and resource-locator values', () => {
		expect(requiredId(item2, 'propertyId', 12)).toBe('12');
		expect(requiredId(item2, 'propertyId', ' 12 ')).toBe('12');
		expect(requiredId(item2, 'propertyId', { __rl: true, mode: 'list', value: '7' })).toBe('7');
		expect(idList(item2, 'propertyIds', '1, 2,3')).toEqual(['1', '2', '3']);
		expect(idList(item2, 'propertyIds', [4, '5'])).toEqual(['4', '5']);
	});

	it('refuses missing and malformed ids', () => {
		expect(() => requiredId(item2, 'vendorId', '')).toThrow('vendorId is required: enter a value [item 2]');
		expect(() => requiredId(item2, 'vendorId', 1.5)).toThrow(/^vendorId must be an ID without spaces or slashes, e.g. 1024, got 1.5 \[item 2\]$/);
		expect(() => idList(item2, 'propertyIds', ['1', 'a b'])).toThrow(
			/^propertyIds › 2 must be an ID/,
		);
	});
});

describe('countries', () => {
	it('upper-cases ISO-2 codes and refuses others', () => {
		expect(isoCountry(item2, 'addressCountry', 'ca')).toBe('CA');
		expect(() => isoCountry(item2, 'addressCountry', 'USA')).toThrow(
			/^addressCountry must be a two-letter ISO 3166-1 country code, e.g. US/,
		);
		expect(() => isoCountry(item2, 'addressCountry', 'UK')).toThrow(/addressCountry/);
	});
});

describe('vendor body', () => {
	it('sends only what was given, normalised', () => {
		expect(
			vendorBody(item2, {
				companyName: ' Acme ',
				addressCountry: 'us',
				tradeIds: '3,4',
				send1099: false,
			}),
		).toEqual({ companyName: 'Acme', addressCountry: 'US', tradeIds: ['3', '4'], send1099: false });
	});

	it.each([
		[{}, 'companyName is empty: enter a Company Name, or both First Name and Last Name [item 2]'],
		[{ lastName: 'Doe' }, 'firstName is required with Last Name when Company Name is empty: enter both, or a Company Name [item 2]'],
		[{ firstName: 'Jo' }, 'lastName is required with First Name when Company Name is empty: enter both, or a Company Name [item 2]'],
		[
			{ firstName: 'Jo', lastName: 'Doe', useCompanyNameAsDisplayName: true },
			'useCompanyNameAsDisplayName needs a Company Name: enter one or turn this option off [item 2]',
		],
		[
			{ companyName: 'Acme', vendorType: 'plumber' },
			/^vendorType must be one of general, utility/,
		],
		[{ companyName: 'Acme', phoneLabel: 'Mobile' }, 'phoneLabel needs a Phone Number: enter one or remove the label [item 2]'],
		[{ companyName: 'Acme', email: 'not-an-email' }, /^email must be an email address, e.g. nathan@example.com/],
	])('refuses %p', (params, message) => {
		expect(() => vendorBody(item2, params)).toThrow(message);
	});
});

describe('line items', () => {
	it('checks each entry of the fields UI and unwraps its locators', () => {
		const fields = {
			lineItem: [
				{
					glAccountId: { __rl: true, mode: 'list', value: '40' },
					propertyId: 9,
					amount: 12.5,
					description: '',
				},
			],
		};
		expect(lineItemsFromInput(item2, 'fields', fields, undefined, billLineItemRules)).toEqual([
			{ glAccountId: '40', propertyId: '9', amount: '12.5' },
		]);
	});

	it('parses JSON and converts service dates', () => {
		const json =
			'[{"glAccountId":"40","propertyId":"9","amount":"10.00","serviceFrom":"2026-11-01"}]';
		expect(lineItemsFromInput(item2, 'json', undefined, json, billLineItemRules)).toEqual([
			{ glAccountId: '40', propertyId: '9', amount: '10.00', serviceFrom: '11/01/2026' },
		]);
	});

	it.each([
		['[]', 'lineItems needs at least one line item: add one [item 2]'],
		['{oops', /^lineItems is not valid JSON/],
		['[{"glAccountId":"40","propertyId":"9"}]', 'Line Item 1 › Item Amount (itemAmount) is required: enter a value [item 2]'],
		['[{"propertyId":"9","itemAmount":"1"}]', 'Line Item 1 › GL Account (glAccountId) is required: enter a value [item 2]'],
		[
			'[{"glAccountId":"40","propertyId":"9","itemAmount":"1","amout":"2"}]',
			/^Line Item 1 › amout is not a known key: use one of /,
		],
	])('refuses %s', (json, message) => {
		expect(() =>
			lineItemsFromInput(item2, 'json', undefined, json, purchaseOrderLineItemRules),
		).toThrow(message);
	});
});

describe('other bodies', () => {
	it('property group needs a name; ids may be numbers', () => {
		expect(propertyGroupBody(item2, { name: 'North', propertyIds: [1, 2] })).toEqual({
			name: 'North',
			propertyIds: ['1', '2'],
		});
		expect(() => propertyGroupBody(item2, { name: ' ' })).toThrow('name is required: enter a value [item 2]');
	});

	it('tenant charge needs its posting date', () => {
		expect(() =>
			tenantChargeBody(item2, {
				occupancyId: 77,
				amount: '25',
				chargeDate: '11/21/2026',
				glAccountId: '4100',
			}),
		).toThrow('postingDate is required: pick a date [item 2]');
	});

	it('bill due date is not before the bill date', () => {
		const line = [{ glAccountId: '1', propertyId: '2', amount: '3' }];
		expect(() =>
			billBody(item2, { vendorId: '5', billDate: '11/21/2026', dueDate: '2026-11-20' }, line),
		).toThrow("dueDate is before the Bill Date (11/21/2026), got '11/20/2026': correct it, or turn on Additional Fields › Allow Due Date Before Bill Date [item 2]");
		expect(
			billBody(item2, { vendorId: '5', billDate: '11/21/2026', dueDate: '2026-11-20', allowDueBeforeBillDate: true }, line),
		).toMatchObject({ billDate: '11/21/2026', dueDate: '11/20/2026' });
		expect(
			billBody(item2, { vendorId: 5, billDate: '11/21/2026', dueDate: '12/1/2026' }, line),
		).toEqual({
			vendorId: '5',
			billDate: '11/21/2026',
			dueDate: '12/01/2026',
			lineItems: line,
		});
	});

	it('tenant charge converts dates and amounts', () => {
		expect(
			tenantChargeBody(item2, {
				occupancyId: 77,
				amount: '25',
				chargeDate: '2026-11-21T00:00:00',
				postingDate: '11/1/2026',
				glAccountId: '4100',
				warningsOk: true,
			}),
		).toEqual({
			occupancyId: '77',
			amount: '25',
			chargeDate: '11/21/2026',
			postingDate: '11/01/2026',
			glAccountId: '4100',
			warningsOk: true,
		});
	});
});
