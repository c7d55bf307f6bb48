import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { endpoints, itemSchemas } from '../../../sandbox/resources';
import { call, readWhenOk } from '../core/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record as the endpoint serves it, read field by field
type Row = Record<string, any>;

let sandbox: TestSandbox;

beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 0, rateLimit: false, pageSize: 1000 });
});
afterAll(() => sandbox.close());

const url = (path: string, query: Record<string, string> = {}) => `${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
const rows = async (path: string, query: Record<string, string> = {}): Promise<Row[]> => (await readWhenOk(sandbox, url(path, query))).body.data;
const post = (path: string, body: unknown) => call(sandbox, path, { method: 'POST', body: JSON.stringify(body) });

async function samples(): Promise<Record<string, string>> {
	const tenant = (await rows('/v1/tenants'))[0];
	// records include those of properties invisible to the connected user: pick visible ones
	const visible = new Set((await rows('/v1/tenants', { status: 'all', visibility: 'all' })).map((t) => t.occupancyUpstreamId));
	const attachment = (await sandbox.control.records<Row>('attachments')).find((a) => visible.has(a.occupancyId))!;
	const email = (await sandbox.control.records<Row>('emails')).find((e) => visible.has(e.occupancyId));
	const [sms] = await sandbox.control.records<Row>('sms');
	const letter = (await sandbox.control.records<Row>('letters')).find((l) => visible.has(l.occupancyId))!;
	const bill = (await rows('/v1/bills'))[0];
	const order = (await rows('/v1/purchase-orders'))[0];
	return {
		'/v1/tenant-events': url('/v1/tenant-events', { dateRange: 'all_time' }),
		'/v1/guest-cards': url('/v1/guest-cards', { dateRange: 'all_time' }),
		'/v1/rental-applications': url('/v1/rental-applications', { dateRange: 'all_time' }),
		'/v1/lead-source-tracking': url('/v1/lead-source-tracking', { dateRange: 'all_time' }),
		'/v1/unit-vacancies': url('/v1/unit-vacancies', { dateRange: 'all_time' }),
		'/v1/work-orders': url('/v1/work-orders', { dateRange: 'all_time' }),
		'/v1/bank-account-activity': url('/v1/bank-account-activity', { dateRange: 'last_90_days' }),
		'/v1/cash-flow': url('/v1/cash-flow', { dateRange: 'last_month' }),
		'/v1/income-statement': url('/v1/income-statement', { accounting: 'accrual' }),
		'/v1/lease-history': url('/v1/lease-history', { dateFrom: '01/2000', dateTo: '12/2099' }),
		'/v1/tenant-ledger': url('/v1/tenant-ledger', { occupancyId: tenant.occupancyUpstreamId }),
		'/v1/lease-documents': url('/v1/lease-documents', { occupancyId: tenant.occupancyUpstreamId }),
		'/v1/letters': url('/v1/letters', { occupancyId: letter.occupancyId }),
		'/v1/attachments': url('/v1/attachments', { occupancyId: attachment.occupancyId }),
		'/v1/file': url('/v1/file', { id: attachment.upstreamId }),
		'/v1/emails': url('/v1/emails', { occupancyId: email!.occupancyId }),
		'/v1/email': url('/v1/email', { emailId: email!.upstreamId }),
		'/v1/sms': url('/v1/sms', { toNumber: sms.remotePartyNumber }),
		'/v1/bills/:upstreamId': `/v1/bills/${bill.upstreamId}`,
		'/v1/purchase-orders/:upstreamId': `/v1/purchase-orders/${order.upstreamId}`,
	};
}

describe('over HTTP through the sandbox core', () => {
	it('every read endpoint answers schema-valid rows', async () => {
		const chosen = await samples();
		const paths = endpoints.filter((e) => e.kind === 'read').map((e) => e.path);
		for (const path of paths) {
			const data = (await readWhenOk(sandbox, chosen[path] ?? path)).body.data as Row[];
			expect([path, data.length > 0]).toEqual([path, true]);
			for (const row of data) {
				const parsed = itemSchemas[`GET ${path}`].safeParse(row);
				if (!parsed.success) throw new Error(`${path}: ${JSON.stringify(parsed.error.issues.slice(0, 2))}`);
			}
		}
	});

	it('answers 400 naming the field, 404 for unknown ids', async () => {
		const bad = await call(sandbox, '/v1/sms?toNumber=12345');
		expect(bad.status).toBe(400);
		expect(bad.body.errors[0].field).toBe('toNumber');
		const both = await call(sandbox, '/v1/attachments?occupancyId=1&workOrderId=2');
		expect(both.status).toBe(400);
		expect((await call(sandbox, '/v1/bills/1')).status).toBe(404);
		const vendor = await post('/v1/vendors', { firstName: 'Solo' });
		expect(vendor.status).toBe(400);
		expect(vendor.body.errors[0].field).toBe('lastName');
	});

	it('a bill entered against an order shows in the order; a tenant charge shows in the ledger', async () => {
		const [account] = (await rows('/v1/gl-accounts')).filter((a) => a.number === '6110');
		const property = (await rows('/v1/properties'))[0];
		const vendor = (await rows('/v1/vendors')).find((v) => v.vendorTrades);
		const line = { glAccountId: account.upstreamId, propertyId: property.upstreamId };
		const order = (await post('/v1/purchase-orders', { vendorId: vendor!.upstreamId, lineItems: [{ ...line, itemAmount: '30' }] })).body.data[0];
		const created = await post('/v1/bills', { vendorId: vendor!.upstreamId, billDate: '03/02/2026', dueDate: '04/01/2026', purchaseOrderId: order.upstreamId, lineItems: [{ ...line, amount: '30.00' }] });
		expect(created.status).toBeLessThan(300);
		const bill = created.body.data[0];
		expect(bill.purchaseOrderNumber).toBe(order.number);
		expect((await rows(`/v1/purchase-orders/${order.upstreamId}`))[0].billIds).toEqual([bill.upstreamId]);
		expect((await sandbox.control.records<Row>('purchaseOrders', order.upstreamId))[0].billIds).toEqual([bill.upstreamId]);

		const tenant = (await rows('/v1/tenants'))[0];
		const today = new Date();
		const date = `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`;
		const charge = (await post('/v1/tenant-charge', { occupancyId: tenant.occupancyUpstreamId, amount: '42.10', chargeDate: date, postingDate: date, glAccountId: account.upstreamId, description: 'Key replacement' })).body.data[0];
		const ledger = await rows('/v1/tenant-ledger', { occupancyId: tenant.occupancyUpstreamId });
		expect(ledger.find((r) => r.transaction.id === charge.tenantChargeId)).toMatchObject({ debit: '42.10', description: 'Key replacement' });
	});

	it('signed file URLs serve the bytes the metadata describes', async () => {
		const [attachment] = await sandbox.control.records<Row>('attachments');
		const [file] = await rows('/v1/file', { id: attachment.upstreamId });
		expect(file.signedUrl).toBe(`${sandbox.url}/signed/${file.id}`);
		const response = await fetch(file.signedUrl);
		const bytes = Buffer.from(await response.arrayBuffer());
		expect(bytes.length).toBe(file.fileSize);
		expect(response.headers.get('content-type')).toContain(file.contentType);
		const signature = file.contentType === 'application/pdf' ? '%PDF-' : '\x89PNG';
		expect(bytes.subarray(0, signature.length).toString('latin1')).toBe(signature);
	});

	it('injected records are stored upstream in API shape', async () => {
		const card = await sandbox.control.inject<Row>('guestCard', { name: 'Injected Lead', leadType: 'Premium' });
		expect(itemSchemas['GET /v1/guest-cards'].safeParse(card).success).toBe(true);
		expect((await sandbox.control.records<Row>('guestCards', card.guestCardId))[0]).toMatchObject({ name: 'Injected Lead', leadType: 'Premium' });
		const event = await sandbox.control.inject<Row>('tenantEvent', { event: 'Notice' });
		expect(itemSchemas['GET /v1/tenant-events'].safeParse(event).success).toBe(true);
		const bill = await sandbox.control.inject<Row>('bill', { amount: '99.95', reference: 'UP-1' });
		expect(itemSchemas['GET /v1/bills/:upstreamId'].safeParse(bill).success).toBe(true);
		expect(bill).toMatchObject({ amount: '99.95', reference: 'UP-1' });
	});

	it('a move-in injected with tenant.email null is listed without an address (the schema allows none on file)', async () => {
		const moveIn = await sandbox.control.inject<Row>('tenantEvent', { event: 'Move-in', occurredDate: '04/10/2031', tenant: { email: null } });
		expect(moveIn.tenant.email).toBeNull();
		expect(itemSchemas['GET /v1/tenant-events'].safeParse(moveIn).success).toBe(true);
		await sandbox.control.expire('/v1/tenant-events');
		const listed = (await rows('/v1/tenant-events', { dateRange: 'all_time', dateFrom: '04/01/2031', dateTo: '04/30/2031' })).filter(
			(event) => event.occupancy.upstreamId === moveIn.occupancy.upstreamId && event.event === 'Move-in',
		);
		expect(listed.map((event) => event.tenant.email)).toEqual([null]);
		await expect(sandbox.control.inject<Row>('tenantEvent', { event: 'Move-in', tenant: { email: 42 } })).rejects.toThrow(/tenant\.email/);
	});

	it('an edit moves a stored tenant event upstream: the next refresh shows the new date, the old one is gone', async () => {
		const moveIn = await sandbox.control.inject<Row>('tenantEvent', { event: 'Move-in', occurredDate: '03/10/2031' });
		const where = { occupancy: moveIn.occupancy.upstreamId, tenant: moveIn.tenant.upstreamId, event: 'Move-in', occurredDate: '03/10/2031' };
		const edit = (body: unknown) => fetch(`${sandbox.url}/__sandbox/edit`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		const moved = (await (await edit({ kind: 'tenantEvent', where, set: { occurredDate: '03/24/2031' } })).json()) as { data: Row };
		expect(moved.data).toMatchObject({ occurredDate: '03/24/2031', moveInDate: '03/24/2031', tenant: { upstreamId: moveIn.tenant.upstreamId } });
		expect(itemSchemas['GET /v1/tenant-events'].safeParse(moved.data).success).toBe(true);

		await sandbox.control.expire('/v1/tenant-events');
		const listed = (await rows('/v1/tenant-events', { dateRange: 'all_time', dateFrom: '03/01/2031', dateTo: '03/31/2031' })).filter(
			(event) => event.occupancy.upstreamId === moveIn.occupancy.upstreamId && event.event === 'Move-in',
		);
		expect(listed.map((event) => event.occurredDate)).toEqual(['03/24/2031']);

		expect((await edit({ kind: 'tenantEvent', where: { ...where, event: 'Notice' }, set: { occurredDate: '03/25/2031' } })).status).toBe(404);
		const nowWhere = { ...where, occurredDate: '03/24/2031' };
		expect((await edit({ kind: 'tenantEvent', where: nowWhere, set: { occurredDate: '2031-03-25' } })).status).toBe(400);
		expect((await edit({ kind: 'tenantEvent', where: nowWhere, set: { event: 'Notice' } })).status).toBe(400);
		// two events that match: refused, neither is changed
		await sandbox.control.inject<Row>('tenantEvent', { event: 'Move-in', occupancy: where.occupancy, tenant: where.tenant, occurredDate: '03/24/2031' });
		expect((await edit({ kind: 'tenantEvent', where: nowWhere, set: { occurredDate: '03/25/2031' } })).status).toBe(400);
		expect((await edit({ kind: 'bill', where, set: {} })).status).toBe(400);
	});
});
