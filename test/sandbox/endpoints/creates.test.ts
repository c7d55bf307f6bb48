import { itemSchemas } from '../../../sandbox/resources';
import { create, createEndpoint, failure, makeContext, read } from './context';

const ctx = makeContext();
const db = ctx.db;
const vendor = db.vendors.find((v) => !v.invisible && v.row.vendorTrades)!;
const invisibleVendor = db.vendors.find((v) => v.invisible)!;
const property = db.properties.find((p) => !p.invisible && p.row.type === 'Multi-Family')!;
const invisibleProperty = db.properties.find((p) => p.invisible)!;
const unitElsewhere = db.units.find((u) => u.row.propertyId !== property.row.upstreamId)!;
const postable = db.glAccounts.find((a) => a.number === '6110')!;
const header = db.glAccounts.find((a) => a.accountType === 'Header')!;
const occupancy = db.occupancies.find((o) => o.status === 'current' && !db.properties.find((p) => p.row.upstreamId === o.propertyId)!.invisible)!;

const expectField = (path: string, body: unknown, field: string) => expect(failure(() => create(ctx, path, body))).toMatchObject({ status: 400, field });
const valid = (path: string, row: object) => expect(itemSchemas[`POST ${path}`].safeParse(row).success).toBe(true);

describe('POST /v1/vendors', () => {
	it('creates a company vendor with the documented defaults', () => {
		const created = create(ctx, '/v1/vendors', { companyName: 'Acme Plumbing', addressCity: 'Austin', phoneNumber: '(512) 555-0100', glAccountId: postable.upstreamId, tradeIds: ['1', '3'], taxId: '12-3456789' });
		valid('/v1/vendors', created);
		expect(created).toMatchObject({
			useCompanyNameAsDisplayName: true,
			vendorType: 'general',
			taxpayerName: 'Acme Plumbing',
			send1099: true,
			address: { city: 'Austin', country: 'US' },
			phoneNumbers: [{ label: 'Office', phone: '(512) 555-0100' }],
			defaultGLAccount: '6110 - Plumbing',
			vendorTrades: 'Plumbing, HVAC',
		});
		expect(JSON.stringify(created)).not.toContain('3456789');
		expect(read(ctx, '/v1/vendors').some((v) => v.upstreamId === created.upstreamId)).toBe(true);
		const person = create(ctx, '/v1/vendors', { firstName: 'Ana', lastName: 'Diaz', send1099: false });
		expect(person).toMatchObject({ name: 'Diaz, Ana', useCompanyNameAsDisplayName: false, taxpayerName: 'Ana Diaz', send1099: false, address: { country: null }, email: null, defaultGLAccount: null, vendorTrades: null });
	});

	it('names the field of each rule broken', () => {
		expectField('/v1/vendors', { firstName: 'Ana' }, 'lastName');
		expectField('/v1/vendors', {}, 'companyName');
		expectField('/v1/vendors', { firstName: 'Ana', lastName: 'Diaz', useCompanyNameAsDisplayName: true }, 'useCompanyNameAsDisplayName');
		expectField('/v1/vendors', { companyName: 'X', vendorType: 'supplier' }, 'vendorType');
		expectField('/v1/vendors', { companyName: 'X', addressCountry: 'USA' }, 'addressCountry');
		expectField('/v1/vendors', { companyName: 'X', phoneNumber: '555', phoneLabel: 'Pager' }, 'phoneLabel');
		expectField('/v1/vendors', { companyName: 'X', glAccountId: '999' }, 'glAccountId');
		expectField('/v1/vendors', { companyName: 'X', tradeIds: ['77'] }, 'tradeIds[0]');
		expectField('/v1/vendors', { companyName: 'X', send1099: 'yes' }, 'send1099');
	});
});

describe('POST /v1/property-groups', () => {
	it('accepts numbers and numeric strings and returns property uuids', () => {
		const ids = db.properties.filter((p) => !p.invisible).slice(0, 2);
		const group = create(ctx, '/v1/property-groups', { name: 'East', propertyIds: [Number(ids[0].row.upstreamId), ids[1].row.upstreamId] });
		valid('/v1/property-groups', group);
		expect(group).toMatchObject({ name: 'East', propertyUuids: [ids[0].uuid, ids[1].uuid], propertyCount: 2, editable: true });
		expect(create(ctx, '/v1/property-groups', { name: 'Empty' })).toMatchObject({ propertyCount: 0, propertyUuids: [] });
		expect(read(ctx, '/v1/properties', { propertyGroupId: group.upstreamId })).toHaveLength(2);
		expectField('/v1/property-groups', { propertyIds: [] }, 'name');
		expectField('/v1/property-groups', { name: 'Bad', propertyIds: ['1'] }, 'propertyIds[0]');
		expectField('/v1/property-groups', { name: 'Hidden', propertyIds: [invisibleProperty.row.upstreamId] }, 'propertyIds[0]');
	});
});

describe('POST /v1/tenant-charge', () => {
	const body = { occupancyId: Number(occupancy.id), amount: '75', chargeDate: '03/18/2026', postingDate: '03/18/2026', glAccountId: db.glAccounts.find((a) => a.number === '4300')!.upstreamId, description: 'Utility reimbursement' };

	it('posts to the ledger under the returned id', () => {
		const charge = create(ctx, '/v1/tenant-charge', body);
		valid('/v1/tenant-charge', charge);
		expect(charge).toMatchObject({ occupancyId: Number(occupancy.id), amount: '75.00', chargeDate: '3/18/2026', warnings: [] });
		const row = read(ctx, '/v1/tenant-ledger', { occupancyId: occupancy.id }).find((r) => r.transaction.id === charge.tenantChargeId);
		expect(row).toMatchObject({ debit: '75.00', date: '03/18/2026', description: 'Utility reimbursement' });
	});

	it('a previous-month charge needs warningsOk and then carries the warning', () => {
		const late = { ...body, chargeDate: '02/27/2026', postingDate: '02/27/2026' };
		expect(failure(() => create(ctx, '/v1/tenant-charge', late))).toMatchObject({ status: 400 });
		const charge = create(ctx, '/v1/tenant-charge', { ...late, warningsOk: true });
		expect(charge.warnings).toHaveLength(1);
	});

	it('names the field of each rule broken', () => {
		expectField('/v1/tenant-charge', { ...body, occupancyId: '1' }, 'occupancyId');
		expectField('/v1/tenant-charge', { ...body, amount: 'abc' }, 'amount');
		expectField('/v1/tenant-charge', { ...body, amount: '1,2' }, 'amount');
		expectField('/v1/tenant-charge', { ...body, amount: 12 }, 'amount');
		expectField('/v1/tenant-charge', { ...body, chargeDate: '2026-03-18' }, 'chargeDate');
		expectField('/v1/tenant-charge', { ...body, postingDate: undefined }, 'postingDate');
		expectField('/v1/tenant-charge', { ...body, glAccountId: header.upstreamId }, 'glAccountId');
	});
});

describe('POST /v1/bills', () => {
	const line = { glAccountId: postable.upstreamId, propertyId: property.row.upstreamId, amount: '120.5', description: 'Drain' };
	const body = { vendorId: vendor.row.upstreamId, billDate: '03/18/2026', dueDate: '04/17/2026', lineItems: [line] };

	it('creates a pending bill linked to its purchase order, with its invoice', () => {
		const order = create(ctx, '/v1/purchase-orders', { vendorId: vendor.row.upstreamId, lineItems: [{ glAccountId: postable.upstreamId, propertyId: property.row.upstreamId, itemAmount: '40' }] });
		const bill = create(ctx, '/v1/bills', { ...body, purchaseOrderId: order.upstreamId, reference: 'INV-1', remarks: 'r', memoForCheck: 'm', invoice: { fileName: 'inv.pdf', content: 'JVBERi0xLjQ=' } });
		valid('/v1/bills', bill);
		expect(bill).toMatchObject({ approvalStatus: 'Pending Approval', amount: '120.50', purchaseOrderNumber: order.number, reference: 'INV-1', remarks: 'r', memoForCheck: 'm', attachments: [{ fileName: 'inv.pdf' }] });
		expect(read(ctx, '/v1/purchase-orders/:upstreamId', {}, { upstreamId: order.upstreamId })[0].billIds).toEqual([bill.upstreamId]);
		expect(read(ctx, '/v1/bills', { propertyId: property.row.upstreamId }).find((b) => b.upstreamId === bill.upstreamId)).toMatchObject({ hasAttachment: true });
	});

	it('names the field of each rule broken', () => {
		expectField('/v1/bills', { ...body, vendorId: undefined }, 'vendorId');
		expectField('/v1/bills', { ...body, vendorId: invisibleVendor.row.upstreamId }, 'vendorId');
		expectField('/v1/bills', { ...body, billDate: '3/18/26' }, 'billDate');
		expectField('/v1/bills', { ...body, dueDate: '02/30/2026' }, 'dueDate');
		expectField('/v1/bills', { ...body, lineItems: [] }, 'lineItems');
		expectField('/v1/bills', { ...body, lineItems: [{ ...line, glAccountId: header.upstreamId }] }, 'lineItems[0].glAccountId');
		expectField('/v1/bills', { ...body, lineItems: [line, { ...line, propertyId: invisibleProperty.row.upstreamId }] }, 'lineItems[1].propertyId');
		expectField('/v1/bills', { ...body, lineItems: [{ ...line, amount: 'abc' }] }, 'lineItems[0].amount');
		expectField('/v1/bills', { ...body, lineItems: [{ ...line, unitId: unitElsewhere.row.upstreamId }] }, 'lineItems[0].unitId');
		expectField('/v1/bills', { ...body, lineItems: [{ ...line, serviceFrom: 'soon' }] }, 'lineItems[0].serviceFrom');
		expectField('/v1/bills', { ...body, purchaseOrderId: '999999' }, 'purchaseOrderId');
		expectField('/v1/bills', { ...body, invoice: { fileName: 'a.pdf', content: 'AAAA', url: 'https://x.example/a.pdf' } }, 'invoice');
		expectField('/v1/bills', { ...body, invoice: { content: 'AAAA' } }, 'invoice.fileName');
	});
});

describe('POST /v1/purchase-orders', () => {
	const body = { vendorId: vendor.row.upstreamId, lineItems: [{ glAccountId: postable.upstreamId, propertyId: property.row.upstreamId, itemAmount: '12.50', quantity: '2' }] };

	it('assigns a number, stores and reflects the order', () => {
		const order = create(ctx, '/v1/purchase-orders', { ...body, requiredBy: '04/01/2026', instructions: 'Leave at office' });
		valid('/v1/purchase-orders', order);
		expect(order).toMatchObject({ amount: '25.00', requiredBy: '04/01/2026', instructions: 'Leave at office', approvalStatus: 'Pending Approval', billIds: [], canceled: false });
		expect(order.number).toMatch(/^\d+$/);
		expect(create(ctx, '/v1/purchase-orders', { ...body, number: 'PO-7' }).number).toBe('PO-7');
		expect(read(ctx, '/v1/purchase-orders').some((o) => o.upstreamId === order.upstreamId)).toBe(true);
		expect(createEndpoint('/v1/purchase-orders').invalidates).toContain('/v1/purchase-orders');
	});

	it('names the field of each rule broken', () => {
		expectField('/v1/purchase-orders', { ...body, vendorId: '1' }, 'vendorId');
		expectField('/v1/purchase-orders', { vendorId: vendor.row.upstreamId }, 'lineItems');
		expectField('/v1/purchase-orders', { ...body, lineItems: [{ ...body.lineItems[0], itemAmount: undefined }] }, 'lineItems[0].itemAmount');
		expectField('/v1/purchase-orders', { ...body, lineItems: [{ ...body.lineItems[0], quantity: 'two' }] }, 'lineItems[0].quantity');
		expectField('/v1/purchase-orders', { ...body, shipToPropertyId: invisibleProperty.row.upstreamId }, 'shipToPropertyId');
		expectField('/v1/purchase-orders', { ...body, workOrderIds: ['nope'] }, 'workOrderIds[0]');
		expectField('/v1/purchase-orders', { ...body, requiredBy: 'tomorrow' }, 'requiredBy');
		expectField('/v1/purchase-orders', { ...body, number: db.purchaseOrders[0].number }, 'number');
	});
});
