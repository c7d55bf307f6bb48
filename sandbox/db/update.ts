import { approvalStatus, type BillDetail } from '../resources/bill/schema';
import { glAccountByNumber } from '../resources/glAccount/data';
import { addLedgerEntry } from '../resources/tenantLedger/data';
import type { Vendor } from '../resources/vendor/schema';
import { applicationStatuses } from '../resources/rentalApplication/schema';
import { WORK_ORDER_STATUSES, type WorkOrder } from '../resources/workOrder/schema';
import { formatDate, formatStamp, parseDate, startOfDay, toCents } from '../shared/format';
import { HttpError, type UpdateKind } from '../types';
import type { Db } from './db';

type Changes = Record<string, unknown>;

/**
 * Staff move a record along its life upstream (caches untouched): a work order's status, a bill paid
 * or approved, an application decided. The dates that go with the new status are set as the service
 * shows them (a completed order gets completedOn, a denied application deniedAt); `set` may name any
 * other field of the record to change it too.
 */
export function updateRecord(db: Db, kind: UpdateKind, id: string, set: Changes, now: Date): object {
	if (kind === 'workOrder') return updateWorkOrder(db, id, set, now);
	if (kind === 'bill') return updateBill(db, id, set, now);
	if (kind === 'rentalApplication') return updateApplication(db, id, set, now);
	if (kind === 'occupancy') return updateOccupancy(db, id, set, now);
	if (kind === 'vendor') return updateVendor(db, id, set);
	throw new HttpError(400, `unknown update kind: ${String(kind)}`, 'kind');
}

function assign(record: object, set: Changes, handled: string[]): void {
	const fields = record as Changes;
	for (const [field, value] of Object.entries(set)) {
		if (handled.includes(field)) continue;
		if (!(field in record)) throw new HttpError(400, `${field} is not a field of this record`, field);
		fields[field] = value;
	}
}

function statusIn<T extends string>(set: Changes, values: readonly T[]): T | undefined {
	if (set.status === undefined) return undefined;
	if (!values.includes(set.status as T)) throw new HttpError(400, `status must be one of ${values.join(', ')}`, 'status');
	return set.status as T;
}

const DONE: WorkOrder['status'][] = ['Work Done', 'Ready to Bill', 'Completed', 'Completed No Need To Bill'];

function updateWorkOrder(db: Db, id: string, set: Changes, now: Date): WorkOrder {
	const order = db.workOrders.find((w) => w.upstreamId === id);
	if (!order) throw new HttpError(404, `no work order ${id}`, 'id');
	const status = statusIn(set, WORK_ORDER_STATUSES);
	const today = formatDate(startOfDay(now));
	if (status) {
		order.status = status;
		if (status === 'Scheduled') {
			order.scheduledStart ??= today;
			order.scheduledEnd ??= order.scheduledStart;
		}
		if (DONE.includes(status)) order.workCompletedOn ??= today;
		if (status.startsWith('Completed')) order.completedOn ??= today;
		if (status === 'Canceled') order.cancelledOn ??= today;
	}
	assign(order, set, ['status']);
	return order;
}

function updateApplication(db: Db, id: string, set: Changes, now: Date): object {
	const application = db.rentalApplications.find((a) => String(a.row.rentalApplicationId) === id);
	if (!application) throw new HttpError(404, `no rental application ${id}`, 'id');
	const status = statusIn(set, applicationStatuses);
	const row = application.row;
	if (status) {
		row.status = status;
		const stamp = formatStamp(now);
		if (status === 'Approved') row.approvedAt ??= stamp;
		if (status === 'Denied') row.deniedAt ??= stamp;
		if (status === 'Canceled') row.canceledAt ??= stamp;
	}
	assign(row, set, ['status']);
	return row;
}

/**
 * A bill paid (`status: 'Paid'`, a vendor credit `'Used'`) or approved (`approvalStatus: 'Approved'`).
 * The journal and bank activity of the payment are not written: the reports keep showing it unpaid.
 */
function updateBill(db: Db, id: string, set: Changes, now: Date): BillDetail {
	const bill = db.bills.find((b) => b.detail.upstreamId === id);
	if (!bill) throw new HttpError(404, `no bill ${id}`, 'id');
	const detail = bill.detail;
	const status = statusIn(set, ['Paid', 'Unpaid', 'Used', 'Unused'] as const);
	if (status) {
		detail.status = status;
		const paid = status === 'Paid' || status === 'Used';
		for (const line of detail.lineItems) {
			line.status = status;
			line.payDate = paid ? (line.payDate ?? formatDate(startOfDay(now))) : null;
		}
	}
	if (set.approvalStatus !== undefined) {
		const approval = approvalStatus.safeParse(set.approvalStatus);
		if (!approval.success) throw new HttpError(400, `approvalStatus must be one of ${approvalStatus.options.join(', ')}`, 'approvalStatus');
		const approved = approval.data === 'Approved';
		detail.approvalStatus = approval.data;
		detail.nextApprovers = approved ? null : db.users[1].name;
		detail.currentApprovalStep = approved ? null : 'Step 1 of 1';
		detail.lastApprovedBy = approved ? db.users[1].name : detail.lastApprovedBy;
	}
	assign(detail, set, ['status', 'approvalStatus']);
	return detail;
}

function amountIn(set: Changes, field: string): number | undefined {
	const value = set[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) throw new HttpError(400, `${field} must be an amount such as "250.00"`, field);
	return toCents(value);
}

/**
 * A lease renewed (`leaseTo`: its new end, MM/DD/YYYY, on the occupancy and its tenants) or a balance
 * raised (`charge`: an amount charged today) or cleared (`payment`: an amount paid today), as the
 * tenant ledger and the rent roll's pastDue then show. Returns what the rent roll shows of it.
 */
function updateOccupancy(db: Db, id: string, set: Changes, now: Date): object {
	const occupancy = db.occupancies.find((o) => o.id === id);
	if (!occupancy) throw new HttpError(404, `no occupancy ${id}`, 'id');
	for (const field of Object.keys(set)) {
		if (!['leaseTo', 'charge', 'payment'].includes(field)) throw new HttpError(400, `${field} cannot be set on an occupancy (leaseTo, charge, payment)`, field);
	}
	if (set.leaseTo !== undefined) {
		const leaseTo = typeof set.leaseTo === 'string' ? parseDate(set.leaseTo) : undefined;
		if (!leaseTo) throw new HttpError(400, 'leaseTo must be MM/DD/YYYY', 'leaseTo');
		occupancy.leaseTo = leaseTo;
		for (const tenant of db.tenants.filter((t) => t.occupancyId === id)) tenant.row.leaseTo = formatDate(leaseTo);
	}
	const today = startOfDay(now);
	const charge = amountIn(set, 'charge');
	if (charge) {
		addLedgerEntry(db, { occupancyId: id, type: 'Charge', date: today, createdAt: now, cents: charge, description: 'Rent', payer: null, glAccountId: glAccountByNumber(db, '4100').upstreamId }, occupancy);
	}
	const payment = amountIn(set, 'payment');
	if (payment) {
		addLedgerEntry(db, { occupancyId: id, type: 'Payment', date: today, createdAt: now, cents: -payment, description: 'Payment - Thank you', payer: null, glAccountId: glAccountByNumber(db, '4100').upstreamId }, occupancy);
	}
	const cents = db.ledger.filter((e) => e.occupancyId === id && e.date <= today).reduce((total, e) => total + e.cents, 0);
	return { occupancyId: Number(id), leaseTo: formatDate(occupancy.leaseTo), pastDue: (Math.max(0, cents) / 100).toFixed(2) };
}

/** A vendor's document renewed or lapsing: any `*Expires` date (MM/DD/YYYY or null). */
function updateVendor(db: Db, id: string, set: Changes): Vendor {
	const vendor = db.vendors.find((v) => v.row.upstreamId === id);
	if (!vendor) throw new HttpError(404, `no vendor ${id}`, 'id');
	for (const [field, value] of Object.entries(set)) {
		if (!field.endsWith('Expires') || !(field in vendor.row)) throw new HttpError(400, `${field} is not an expiry date of a vendor`, field);
		if (value !== null && (typeof value !== 'string' || !parseDate(value))) throw new HttpError(400, `${field} must be MM/DD/YYYY or null`, field);
	}
	assign(vendor.row, set, []);
	return vendor.row;
}
