import type { WorkOrder } from '../schemas/vendors';
import type { Db } from './db';
import { nextId } from './db';
import { addDays, formatDate, formatMoney, startOfDay } from './format';
import { storeFile } from './files';
import type { Random } from './random';

const JOBS = ['Leaking kitchen faucet', 'AC not cooling', 'Garbage disposal jammed', 'Broken window latch', 'Smoke detector chirping', 'Clogged bathtub drain', 'Dishwasher not draining', 'Front door lock sticks'];
const STATUSES: WorkOrder['status'][] = ['New', 'Assigned', 'Scheduled', 'Completed', 'Completed', 'Canceled'];

export function generateWorkOrders(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const vendors = db.vendors.filter((v) => !v.invisible && !v.row.doNotUseForWorkOrder);
	const occupied = db.units.filter((u) => u.row.occupancyUpstreamId !== null);
	for (let n = 0; n < 160; n++) {
		const unit = random.pick(occupied);
		const property = db.properties.find((p) => p.row.upstreamId === unit.row.propertyId)!;
		const created = addDays(today, -random.int(0, 150));
		const status = created > addDays(today, -7) ? random.pick(STATUSES.slice(0, 3)) : random.pick(STATUSES);
		const vendor = status === 'New' ? null : random.pick(vendors);
		const scheduled = status === 'New' || status === 'Assigned' ? null : addDays(created, random.int(1, 7));
		const order: WorkOrder = {
			upstreamId: String(nextId(db, 'workOrder', 9001)),
			workOrderNumber: `${nextId(db, 'workOrderNumber', 4001)}-1`,
			status,
			priority: random.pick(['Low', 'Normal', 'Normal', 'Urgent'] as const),
			jobDescription: random.pick(JOBS),
			propertyId: property.row.upstreamId,
			propertyName: property.row.name,
			unitId: unit.row.upstreamId,
			unitName: unit.row.name,
			occupancyId: unit.row.occupancyUpstreamId,
			vendorId: vendor?.row.upstreamId ?? null,
			vendorName: vendor ? (vendor.row.companyName ?? vendor.row.name) : null,
			createdAt: formatDate(created),
			scheduledStart: scheduled ? formatDate(scheduled) : null,
			completedOn: status === 'Completed' && scheduled ? formatDate(scheduled) : null,
			amount: status === 'Completed' ? formatMoney(random.amount(80, 1200, 0.01)) : null,
		};
		db.workOrders.push(order);
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
