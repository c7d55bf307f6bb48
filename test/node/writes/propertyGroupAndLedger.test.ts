import { itUnlessHostile } from '../../support/sandbox';
import { byId, startWritesSandbox, type WritesSandbox } from './harness';

/** these tests assert the log's 200 for the POST; the hostile profile answers half the creates 201 */
const answered200 = itUnlessHostile('creates answer 201 or 200');

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

/** The sandbox clock's calendar day as the ISO date an n8n date picker yields. */
async function sandboxToday(): Promise<string> {
	const { clock } = await env.sandbox.control.config();
	return `${clock.slice(0, 10)}T00:00:00`;
}

const usDateOf = (isoDay: string) =>
	`${isoDay.slice(5, 7)}/${isoDay.slice(8, 10)}/${isoDay.slice(0, 4)}`;

describe('property group', () => {
	it('Get Many reads GET /v1/property-groups', async () => {
		const groups = await env.rows('/v1/property-groups');
		await env.clear();
		const { items, error } = await env.run({
			resource: 'propertyGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.upstreamId)).toEqual(
			groups.map((group) => group.upstreamId),
		);
		expect(await env.apiLog()).toMatchObject([
			{ method: 'GET', path: '/v1/property-groups', query: {}, status: 200 },
		]);
	});

	answered200('Create sends property ids given as numbers as strings', async () => {
		const properties = (
			await env.sandbox.control.records<{ upstreamId: string; invisible: boolean }>('properties')
		)
			.filter((property) => !property.invisible)
			.slice(0, 2);
		const { items, error } = await env.run({
			resource: 'propertyGroup',
			operation: 'create',
			name: 'East Portfolio',
			additionalFields: {
				propertyIds: `={{ [${properties.map((p) => Number(p.upstreamId)).join(', ')}] }}`,
			},
		});
		expect(error).toBeUndefined();
		const propertyIds = properties.map((property) => property.upstreamId);
		expect(env.received).toEqual([
			{ path: '/v1/property-groups', body: { name: 'East Portfolio', propertyIds } },
		]);
		expect(await env.sentLog()).toMatchObject([
			{ method: 'POST', path: '/v1/property-groups', status: 200 },
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: 'East Portfolio',
			propertyCount: 2,
			editable: true,
		});
		const [stored] = await env.sandbox.control.records(
			'propertyGroups',
			String(items[0].json.upstreamId),
		);
		expect(stored).toMatchObject({ name: 'East Portfolio', propertyIds });
	});

	it('refuses a group without a name before sending anything', async () => {
		const { error } = await env.run({ resource: 'propertyGroup', operation: 'create', name: '  ' });
		expect(error?.message).toBe('Name is required: enter a value [item 0]');
		expect(await env.apiLog()).toEqual([]);
	});
});

describe('tenant ledger', () => {
	let occupancyId: string;
	beforeAll(async () => {
		const tenants = await env.rows('/v1/tenants');
		occupancyId = String(tenants.find((tenant) => tenant.occupancyUpstreamId)!.occupancyUpstreamId);
	});

	it('Get Many sends the occupancy and the default range all_time', async () => {
		await env.rows(`/v1/tenant-ledger?occupancyId=${occupancyId}&dateRange=all_time`);
		await env.clear();
		const { items, error } = await env.run({
			resource: 'tenantLedger',
			operation: 'getAll',
			occupancyId: byId(occupancyId),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		const log = await env.apiLog();
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: '/v1/tenant-ledger',
			query: { occupancyId, dateRange: 'all_time' },
		});
		expect(log.every((entry) => entry.path === '/v1/tenant-ledger')).toBe(true);
		const ledger = await env.sandbox.control.records('tenantLedger', occupancyId);
		expect(items).toHaveLength(ledger.length);
		expect(items[0].json).toHaveProperty('balance');
	});

	answered200('Create Charge converts the date pickers and keeps the amount text', async () => {
		const today = await sandboxToday();
		const glAccounts = await env.rows('/v1/gl-accounts');
		const lateFees = String(glAccounts.find((account) => account.number === '4200')!.upstreamId);
		await env.clear();
		const { items, error } = await env.run({
			resource: 'tenantLedger',
			operation: 'createCharge',
			occupancyId: byId(occupancyId),
			amount: '35.5',
			chargeDate: today,
			postingDate: today,
			glAccountId: byId(lateFees),
			additionalFields: { description: 'Late fee' },
		});
		expect(error).toBeUndefined();
		expect(env.received).toEqual([
			{
				path: '/v1/tenant-charge',
				body: {
					occupancyId,
					amount: '35.5',
					chargeDate: usDateOf(today),
					postingDate: usDateOf(today),
					glAccountId: lateFees,
					description: 'Late fee',
				},
			},
		]);
		expect(await env.sentLog()).toMatchObject([
			{ method: 'POST', path: '/v1/tenant-charge', status: 200 },
		]);
		expect(items[0].json).toMatchObject({
			occupancyId: Number(occupancyId),
			amount: '35.50',
			warnings: [],
		});
	});

	it('a run stopped by a refused charge names the charge already made by its tenantChargeId (not "?")', async () => {
		const today = await sandboxToday();
		const lastMonth = `${new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10)}T00:00:00`;
		const description = `Stopped run ${Date.now()}`;
		const { error } = await env.run(
			{
				resource: 'tenantLedger',
				operation: 'createCharge',
				occupancyId: byId(occupancyId),
				amount: '12',
				chargeDate: '={{ $json.day }}',
				postingDate: '={{ $json.day }}',
				glAccountId: byId('15'),
				additionalFields: { description },
			},
			{ items: [{ json: { day: today } }, { json: { day: lastMonth } }] },
		);
		// the service refuses a charge dated in a previous month without warningsOk
		expect(error?.message).toMatch(/^Item 1: /);
		expect(error?.message).toContain('warningsOk');
		const made = (await env.sandbox.control.records<{ tenantChargeId: number; description: string }>('tenantCharges')).filter(
			(charge) => charge.description === description,
		);
		expect(made).toHaveLength(1);
		expect(error?.description).toContain(`item 0 → ${made[0].tenantChargeId}`);
	});

	it('refuses an impossible charge date before sending anything', async () => {
		const { error } = await env.run({
			resource: 'tenantLedger',
			operation: 'createCharge',
			occupancyId: byId(occupancyId),
			amount: '10',
			chargeDate: '2026-02-30',
			postingDate: '2026-02-01',
			glAccountId: byId('15'),
		});
		expect(error?.message).toBe(
			"Charge Date must be MM/DD/YYYY, e.g. 01/31/2027 (or an ISO date), got '2026-02-30' [item 0]",
		);
		expect(await env.apiLog()).toEqual([]);
	});

	it('refuses an amount that is not a number before sending anything', async () => {
		const { error } = await env.run({
			resource: 'tenantLedger',
			operation: 'createCharge',
			occupancyId: byId(occupancyId),
			amount: 'ten dollars',
			chargeDate: '2026-02-02',
			postingDate: '2026-02-02',
			glAccountId: byId('15'),
		});
		expect(error?.message).toBe(
			"Amount must be a decimal amount, e.g. 125.50, got 'ten dollars' [item 0]",
		);
		expect(await env.apiLog()).toEqual([]);
	});
});
