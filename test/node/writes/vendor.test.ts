import { startWritesSandbox, type WritesSandbox } from './harness';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

describe('vendor', () => {
	it('Get Many reads GET /v1/vendors up to the limit', async () => {
		const all = await env.rows('/v1/vendors');
		await env.clear();
		const { items, error } = await env.run({ resource: 'vendor', operation: 'getAll', limit: 3 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.upstreamId)).toEqual(
			all.slice(0, 3).map((row) => row.upstreamId),
		);
		expect(items.every((item) => item.pairedItem !== undefined)).toBe(true);
		const log = await env.apiLog();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: '/v1/vendors',
			query: {},
			status: 200,
			hasApiKey: true,
		});
	});

	it('Create sends the normalised body and returns the created vendor', async () => {
		const { items, error } = await env.run({
			resource: 'vendor',
			operation: 'create',
			companyName: 'Northside Plumbing LLC',
			additionalFields: {
				addressStreet: '12 Pipe Way',
				addressCity: 'Austin',
				addressState: 'TX',
				addressCountry: 'us',
				phoneNumber: '512-555-0100',
				phoneLabel: 'Mobile',
				email: 'office@northside.test',
				tradeIds: '',
				send1099: false,
				vendorType: 'in-house_maintenance',
			},
		});
		expect(error).toBeUndefined();
		expect(env.received).toEqual([
			{
				path: '/v1/vendors',
				body: {
					companyName: 'Northside Plumbing LLC',
					addressStreet: '12 Pipe Way',
					addressCity: 'Austin',
					addressState: 'TX',
					addressCountry: 'US',
					phoneNumber: '512-555-0100',
					phoneLabel: 'Mobile',
					email: 'office@northside.test',
					send1099: false,
					vendorType: 'in-house_maintenance',
				},
			},
		]);
		const log = await env.sentLog();
		expect(log).toMatchObject([
			{ method: 'POST', path: '/v1/vendors', status: 200, hasApiKey: true },
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			companyName: 'Northside Plumbing LLC',
			useCompanyNameAsDisplayName: true,
			vendorType: 'in-house_maintenance',
			send1099: false,
			address: { street: '12 Pipe Way', city: 'Austin', state: 'TX', country: 'US' },
			phoneNumbers: [{ label: 'Mobile', phone: expect.any(String) }],
		});
		const [stored] = await env.sandbox.control.records('vendors', String(items[0].json.upstreamId));
		expect(stored).toMatchObject({ companyName: 'Northside Plumbing LLC' });
	});

	it.each([
		['no name at all', {}, 'Company Name is empty: enter a Company Name, or both First Name and Last Name [item 0]'],
		[
			'a first name alone',
			{ firstName: 'Ana' },
			'Last Name is required with First Name when Company Name is empty: enter both, or a Company Name [item 0]',
		],
		[
			'company display name without a company',
			{
				firstName: 'Ana',
				lastName: 'Ruiz',
				additionalFields: { useCompanyNameAsDisplayName: true },
			},
			'Use Company Name as Display Name needs a Company Name: enter one or turn this option off [item 0]',
		],
		[
			'a country that is not ISO-2',
			{ companyName: 'Acme', additionalFields: { addressCountry: 'USA' } },
			"Country must be a two-letter ISO 3166-1 country code, e.g. US, got 'USA' [item 0]",
		],
		[
			'a vendor type outside the enum',
			{ companyName: 'Acme', additionalFields: { vendorType: 'plumber' } },
			"Vendor Type must be one of general, utility, external_management_company, in-house_maintenance, got 'plumber' [item 0]",
		],
		[
			'a phone label without a phone',
			{ companyName: 'Acme', additionalFields: { phoneLabel: 'Fax' } },
			'Phone Label needs a Phone Number: enter one or remove the label [item 0]',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await env.run({ resource: 'vendor', operation: 'create', ...parameters });
		expect(error?.message).toBe(message);
		expect(await env.apiLog()).toEqual([]);
		expect(env.received).toEqual([]);
	});
});
