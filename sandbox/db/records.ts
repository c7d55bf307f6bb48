import { billListRow } from '../resources/bill/data';
import { formatDate } from '../shared/format';
import type { Db } from './db';

/** raw upstream records for test assertions, bypassing every cache */
export function readRecords(db: Db, kind: string, id?: string): object[] {
	const matches = (value: unknown) => id === undefined || String(value) === id;
	switch (kind) {
		case 'bills': {
			// `visible`: whether the API shows it (its vendor and every property of its lines visible to the key)
			const hiddenProperties = new Set(db.properties.filter((p) => p.invisible).map((p) => p.row.upstreamId));
			const hiddenVendors = new Set(db.vendors.filter((v) => v.invisible).map((v) => v.row.upstreamId));
			const visible = (b: Db['bills'][number]) => !hiddenVendors.has(String(b.detail.vendorId)) && b.propertyIds.every((id) => !hiddenProperties.has(id));
			return db.bills.filter((b) => matches(b.detail.upstreamId)).map((b) => ({ ...b.detail, listRow: billListRow(db, b), visible: visible(b) }));
		}
		case 'glAccounts':
			return db.glAccounts.filter((a) => matches(a.upstreamId));
		case 'purchaseOrders':
			return db.purchaseOrders.filter((o) => matches(o.upstreamId));
		case 'vendors':
			// `visible`: whether the API lists it
			return db.vendors.filter((v) => matches(v.row.upstreamId)).map((v) => ({ ...(v.created ?? v.row), visible: !v.invisible }));
		case 'tenantCharges':
			return db.tenantCharges.filter((c) => matches(c.tenantChargeId));
		case 'propertyGroups':
			return db.propertyGroups.filter((g) => matches(g.row.upstreamId)).map((g) => ({ ...g.row, propertyIds: g.propertyIds }));
		case 'tenantEvents':
			return db.tenantEvents.filter((e) => matches(e.occupancy.upstreamId));
		case 'guestCards':
			return db.guestCards.filter((c) => matches(c.guestCardId));
		case 'tenantLedger':
			return db.ledger
				.filter((e) => matches(e.occupancyId))
				.map((e) => ({ occupancyId: e.occupancyId, transactionId: e.transactionId, type: e.type, date: formatDate(e.date), amount: (e.cents / 100).toFixed(2), description: e.description }));
		case 'properties':
			return db.properties.filter((p) => matches(p.row.upstreamId)).map((p) => ({ ...p.row, invisible: p.invisible }));
		case 'occupancies':
			return db.occupancies
				.filter((o) => matches(o.id))
				.map((o) => ({ occupancyId: o.id, status: o.status, unitId: o.unitId, propertyId: o.propertyId, leaseTo: formatDate(o.leaseTo) }));
		case 'tenants':
			return db.tenants.filter((t) => matches(t.row.upstreamId)).map((t) => t.row);
		case 'workOrders':
			return db.workOrders.filter((w) => matches(w.upstreamId));
		case 'rentalApplications':
			return db.rentalApplications.filter((a) => matches(a.row.rentalApplicationId)).map((a) => ({ ...a.row, receivedOn: formatDate(a.receivedOn) }));
		case 'attachments':
			return db.attachments.filter((a) => matches(a.upstreamId)).map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
		case 'letters':
			return db.letters.filter((l) => matches(l.upstreamId)).map((l) => ({ upstreamId: l.upstreamId, occupancyId: l.occupancyId, name: l.name, fileId: l.fileId }));
		case 'emails':
			return db.emails.filter((e) => matches(e.email.upstreamId)).map((e) => ({ ...e.summary, guestCardId: e.guestCardId, occupancyId: e.occupancyId }));
		case 'sms':
			return db.sms.filter((m) => matches(m.upstreamId));
		case 'files':
			return [...db.files.values()].filter((f) => matches(f.id)).map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size }));
		default:
			return [];
	}
}
