import { tenantsOfOccupancy } from '../../db/byOwner';
import { type Db, nextId } from '../../db/db';
import { storeFile } from '../../shared/files';
import { addDays, formatDate, formatMoney, startOfDay } from '../../shared/format';
import type { Random } from '../../shared/random';
import { scaledCount } from '../../shared/scale';
import type { WorkOrder } from './schema';

const JOBS = ['Leaking kitchen faucet', 'AC not cooling', 'Garbage disposal jammed', 'Broken window latch', 'Smoke detector chirping', 'Clogged bathtub drain', 'Dishwasher not draining', 'Front door lock sticks'];
/** how far an order gets, by age: recent ones are still open, old ones closed */
const OPEN: WorkOrder['status'][] = ['New', 'Assigned', 'Scheduled', 'Estimate Requested'];
const CLOSED: WorkOrder['status'][] = ['Completed', 'Completed', 'Completed', 'Ready to Bill', 'Work Done', 'Completed No Need To Bill', 'Canceled'];

export function generateWorkOrders(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const vendors = db.vendors.filter((v) => !v.invisible && !v.row.doNotUseForWorkOrder);
	const occupied = db.units.filter((u) => u.row.occupancyUpstreamId !== null);
	const staff = db.users.filter((u) => u.active);
	for (let n = 0; n < scaledCount(160, db.volume); n++) {
		const unit = random.pick(occupied);
		const created = addDays(today, -random.int(0, 150));
		const status = created > addDays(today, -7) ? random.pick(OPEN) : random.pick([...OPEN, ...CLOSED, ...CLOSED]);
		const order = addWorkOrder(db, random, { unit, created, status, vendors, staff });
		if (random.chance(0.4)) {
			const file = storeFile(db, `work-order-${order.workOrderNumber}-photo.png`, 'image/png', `Work order ${order.workOrderNumber}`);
			db.attachments.push({
				upstreamId: `a${nextId(db, 'attachment', 500001)}`,
				occupancyId: null,
				workOrderId: order.upstreamId,
				createdAt: new Date(created.getTime() + 10 * 3_600_000),
				folderName: 'Work Order Photos',
				userName: random.pick(db.users).name,
				sharedWith: [],
				fileId: file.id,
			});
		}
	}
}

interface WorkOrderPlan {
	unit: Db['units'][number];
	created: Date;
	status: WorkOrder['status'];
	vendors: Db['vendors'];
	staff: Db['users'];
}

/** Stores one work order of `plan.unit`, its dates and vendor as far as its status has got. */
export function addWorkOrder(db: Db, random: Random, plan: WorkOrderPlan): WorkOrder {
	const { unit, created, status, vendors, staff } = plan;
	const property = db.properties.find((p) => p.row.upstreamId === unit.row.propertyId)!;
	const tenant = tenantsOfOccupancy(db, unit.row.occupancyUpstreamId!)[0];
	const vendor = status === 'New' || status === 'Estimate Requested' ? null : random.pick(vendors);
	const scheduled = vendor && status !== 'Assigned' && status !== 'Canceled' ? addDays(created, random.int(1, 7)) : null;
	const workDone = scheduled && ['Work Done', 'Ready to Bill', 'Completed', 'Completed No Need To Bill'].includes(status) ? scheduled : null;
	const closedOn = workDone && status.startsWith('Completed') ? addDays(workDone, random.int(0, 5)) : null;
	const billable = status === 'Ready to Bill' || status === 'Completed';
	const fromTenant = random.chance(0.7);
	const number = `${nextId(db, 'workOrderNumber', 4001)}-1`;
	const order: WorkOrder = {
		upstreamId: String(nextId(db, 'workOrder', 9001)),
		workOrderNumber: number,
		workOrderType: fromTenant ? 'Resident Request' : 'Internal',
		occupancyId: unit.row.occupancyUpstreamId,
		unitTurnId: null,
		vendorId: vendor?.row.upstreamId ?? null,
		priority: random.pick(['Low', 'Normal', 'Normal', 'Urgent'] as const),
		status,
		jobDescription: random.pick(JOBS),
		instructions: random.chance(0.3) ? 'Call the tenant before entering' : null,
		createdAt: formatDate(created),
		createdBy: fromTenant ? 'Tenant' : random.pick(staff).name,
		workOrderIssue: null,
		recurring: 'No',
		submittedByTenant: fromTenant ? 'Yes' : 'No',
		requestingTenant: fromTenant ? tenant.row.name : null,
		unitTurnCategory: null,
		surveyId: null,
		vendor: vendor ? (vendor.row.companyName ?? vendor.row.name) : null,
		primaryTenant: tenant.row.name,
		primaryTenantEmail: tenant.row.emailAddresses[0] ?? null,
		primaryTenantPhoneNumber: tenant.row.phoneNumbers[0]?.phone ?? null,
		statusNotes: status === 'Canceled' ? 'Tenant resolved the issue' : null,
		assignedUser: random.pick(staff).name,
		estimatedOn: null,
		scheduledStart: scheduled ? formatDate(scheduled) : null,
		scheduledStartSort: scheduled ? scheduled.toISOString().slice(0, 10) : null,
		scheduledEnd: scheduled ? formatDate(scheduled) : null,
		workCompletedOn: workDone ? formatDate(workDone) : null,
		completedOn: closedOn ? formatDate(closedOn) : null,
		lastBilledOn: null,
		cancelledOn: status === 'Canceled' ? formatDate(addDays(created, random.int(0, 3))) : null,
		followUpOn: null,
		amount: billable ? formatMoney(random.amount(80, 1200, 0.01)) : null,
		invoice: null,
		tenantTotalChargeAmount: null,
		tenantChargeIds: [],
		vendorBillId: null,
		vendorBillAmount: null,
		vendorChargeId: null,
		vendorChargeAmount: null,
		markupAmount: null,
		markupBillId: null,
		discountAmount: null,
		discountBillId: null,
		corporateChargeAmount: null,
		corporateChargeId: null,
		estimate: { amount: null, approvalStatus: null, approvedOn: null, requestedOn: status === 'Estimate Requested' ? formatDate(created) : null, approvalLastRequestedOn: null },
		serviceRequest: fromTenant ? { upstreamId: String(nextId(db, 'serviceRequest', 3001)), number, description: null } : { upstreamId: null, number: null, description: null },
		property: { upstreamId: property.row.upstreamId, name: property.row.name },
		unit: { upstreamId: unit.row.upstreamId, name: unit.row.name },
	};
	if (order.serviceRequest.upstreamId) order.serviceRequest.description = order.jobDescription;
	db.workOrders.push(order);
	return order;
}
