import { createDb, dataModule } from '../../../sandbox/db';
import { NOW, SEED } from './context';

describe('seeded data', () => {
	const db = createDb(SEED, NOW);

	it('is deterministic for a seed and differs for another', () => {
		const again = createDb(SEED, NOW);
		expect(JSON.stringify(again.tenants)).toBe(JSON.stringify(db.tenants));
		expect(JSON.stringify(again.bills)).toBe(JSON.stringify(db.bills));
		expect(JSON.stringify(createDb(SEED + 1, NOW).tenants)).not.toBe(JSON.stringify(db.tenants));
	});

	it('has the volumes the node and trigger tests rely on', () => {
		expect(db.properties.length).toBeGreaterThanOrEqual(30);
		expect(db.units.length).toBeGreaterThanOrEqual(300);
		expect(db.tenants.length).toBeGreaterThanOrEqual(400);
		expect(db.bills.length).toBeGreaterThanOrEqual(250);
		expect(db.vendors.length).toBeGreaterThanOrEqual(60);
		expect(db.guestCards.length).toBeGreaterThanOrEqual(120);
		expect(db.rentalApplications.length).toBeGreaterThanOrEqual(80);
		expect(db.properties.some((p) => p.invisible) && db.vendors.some((v) => v.invisible)).toBe(true);
		expect(db.glAccounts.some((a) => a.accountType === 'Header')).toBe(true);
		expect(db.purchaseOrders.some((o) => o.canceled) && db.purchaseOrders.some((o) => o.billIds.length)).toBe(true);
	});

	it('keeps cross-references consistent', () => {
		for (const tenant of db.tenants) {
			const occupancy = db.occupancies.find((o) => o.id === tenant.row.occupancyUpstreamId)!;
			expect(occupancy.tenantIds).toContain(tenant.row.upstreamId);
			expect(tenant.row.unit.upstreamId).toBe(occupancy.unitId);
			expect(db.units.find((u) => u.row.upstreamId === occupancy.unitId)!.row.propertyId).toBe(tenant.row.property.upstreamId);
		}
		for (const order of db.purchaseOrders) {
			for (const billId of order.billIds) expect(db.bills.find((b) => b.detail.upstreamId === billId)!.detail.purchaseOrderNumber).toBe(order.number);
		}
		for (const bill of db.bills) {
			for (const line of bill.detail.lineItems) expect(db.glAccounts.some((a) => `${a.number} - ${a.accountName}` === line.glAccountName && a.accountType !== 'Header')).toBe(true);
		}
	});

	it('serves files as valid PDFs and PNGs of the announced size', () => {
		const files = [...db.files.values()];
		const pdf = files.find((f) => f.contentType === 'application/pdf')!;
		const png = files.find((f) => f.contentType === 'image/png')!;
		const pdfBytes = dataModule.readFile(db, pdf.id)!;
		expect(pdfBytes.bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expect(pdfBytes.bytes.toString('latin1')).toMatch(/%%EOF\n$/);
		expect(pdfBytes.bytes.length).toBe(pdf.size);
		const pngBytes = dataModule.readFile(db, png.id)!;
		expect([...pngBytes.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		expect(pngBytes).toMatchObject({ fileName: png.fileName, contentType: 'image/png' });
		expect(dataModule.readFile(db, 'missing')).toBeUndefined();
	});
});
