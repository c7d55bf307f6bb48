/**
 * Simplify (n8n's UX guidelines): every operation whose records have more than 10 fields offers it,
 * keeps at most 10 fields that the records really have, and, run through n8n-core against the
 * sandbox, returns exactly those fields of the same records.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SIMPLIFIED_FIELDS } from './simplifiedFields';
import { itemSchemas } from '../../../sandbox/resources';
import { byId, nodeType, startWritesSandbox, type WritesSandbox } from '../writes/harness';

/** "resource:operation" → "GET /v1/bills/:upstreamId", as itemSchemas keys its record schemas. */
function endpointsOfOperations(): Map<string, string> {
	const endpoints = new Map<string, string>();
	for (const selector of nodeType.description.properties.filter((property) => property.name === 'operation')) {
		const resource = (selector.displayOptions!.show!.resource as string[])[0];
		for (const option of selector.options as INodePropertyOptions[]) {
			const { method, url } = option.routing!.request!;
			const path = String(url).replace(/^=/, '').replace(/\{\{[^}]*\}\}/g, ':upstreamId');
			endpoints.set(`${resource}:${option.value}`, `${method} ${path}`);
		}
	}
	return endpoints;
}

function recordFields(endpoint: string): string[] {
	const schema = itemSchemas[endpoint] as unknown as { shape?: Record<string, unknown> };
	return Object.keys(schema?.shape ?? {});
}

function simplifyToggle(operationKey: string): INodeProperties | undefined {
	const [resource, operation] = operationKey.split(':');
	return nodeType.description.properties.find(
		(property) =>
			property.name === 'simplify' &&
			(property.displayOptions?.show?.resource as string[]).includes(resource) &&
			(property.displayOptions?.show?.operation as string[]).includes(operation),
	);
}

const endpoints = endpointsOfOperations();

test('every operation whose records have more than 10 fields has Simplify, and only those', () => {
	const large = [...endpoints].filter(([, endpoint]) => recordFields(endpoint).length > 10).map(([key]) => key);
	expect(large.length).toBeGreaterThan(20);
	expect(large.filter((key) => !simplifyToggle(key))).toEqual([]);
	expect(Object.keys(SIMPLIFIED_FIELDS).sort()).toEqual([...large].sort());
});

test.each(Object.entries(SIMPLIFIED_FIELDS))('%s keeps at most 10 fields, all of them fields of its records', (key, fields) => {
	expect(fields.length).toBeLessThanOrEqual(10);
	const known = recordFields(endpoints.get(key)!);
	expect(fields.filter((field) => !known.includes(field))).toEqual([]);
	expect(simplifyToggle(key)?.default).toBe(false);
});

describe('through n8n-core against the sandbox', () => {
	let env: WritesSandbox;
	beforeAll(async () => {
		env = await startWritesSandbox();
	});
	afterAll(async () => await env.close());

	it('Tenant → Get Many with Simplify returns the simplified fields of the same records, ready to use; without it, the full records', async () => {
		const tenants = await env.rows('/v1/tenants?status=current&status=notice');
		const parameters = { resource: 'tenant', operation: 'getAll', limit: 5 };
		const simplified = await env.run({ ...parameters, simplify: true });
		const full = await env.run(parameters);
		expect(simplified.error).toBeUndefined();
		const fields = SIMPLIFIED_FIELDS['tenant:getAll'];
		simplified.items.forEach((item, index) => {
			const tenant = tenants[index];
			const json = item.json;
			expect(item.pairedItem).toBeDefined();
			expect(Object.keys(json).length).toBeLessThanOrEqual(10);
			// each kept field, under its own name or, for a nested record, its readable name's
			expect(Object.keys(json).every((key) => fields.includes(key) || fields.includes(key.replace(/Name$/, '')))).toBe(true);
			expect(json.upstreamId).toBe(tenant.upstreamId);
			expect(json.name).toBe(tenant.name);
			// money as a number, dates as ISO 8601, a nested record as its name, a list as one line
			expect(json.rent).toBe(tenant.rent === null || tenant.rent === undefined ? tenant.rent : Number(String(tenant.rent).replace(/,/g, '')));
			if (typeof tenant.leaseTo === 'string') expect(json.leaseTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			const unit = tenant.unit as { name?: string } | null;
			if (unit?.name) expect(json.unitName).toBe(unit.name);
			Object.values(json).forEach((value) => expect(value === null || typeof value !== 'object').toBe(true));
		});
		expect(simplified.items).toHaveLength(Math.min(5, tenants.length));
		expect(full.items.map((item) => item.json)).toEqual(tenants.slice(0, 5));
	});

	it('Tenant Event → Get Many with Simplify is flat: the occupancy, known only by its id, as occupancyId', async () => {
		const simplified = await env.run({ resource: 'tenantEvent', operation: 'getAll', limit: 5, simplify: true });
		expect(simplified.error).toBeUndefined();
		expect(simplified.items.length).toBeGreaterThan(0);
		for (const { json } of simplified.items) {
			Object.values(json).forEach((value) => expect(value === null || typeof value !== 'object').toBe(true));
			// an occupancy the service left out (null) stays null under its own name
			expect(json.occupancy ?? null).toBeNull();
		}
		expect(simplified.items.some(({ json }) => typeof json.occupancyId === 'number' || typeof json.occupancyId === 'string')).toBe(true);
	});

	it('Bill → Get with Simplify keeps _meta when Include Meta is on', async () => {
		const [listed] = await env.rows('/v1/bills');
		// the bill as Get reads it (the hostile profile nulls fields of a detail and of a list row apart)
		const [bill] = await env.rows(`/v1/bills/${String(listed.upstreamId)}`);
		const { items, error } = await env.run({
			resource: 'bill',
			operation: 'get',
			billId: byId(String(bill.upstreamId)),
			simplify: true,
			options: { includeMeta: true },
		});
		expect(error).toBeUndefined();
		expect(Object.keys(items[0].json).sort()).toEqual(
			[...SIMPLIFIED_FIELDS['bill:get'].filter((field) => field in items[0].json), '_meta'].sort(),
		);
		expect(items[0].json).toMatchObject({ upstreamId: bill.upstreamId, payeeName: bill.payeeName });
		expect(items[0].json.amount).toBe(typeof bill.amount === 'string' ? Number(bill.amount.replace(/,/g, '')) : bill.amount);
		expect(items[0].json._meta).toMatchObject({ status: 'ok' });
	});
});
