import { type Db, nextId } from '../../db/db';
import { addDays, formatDate, formatMoney, startOfDay } from '../../shared/format';
import type { Random } from '../../shared/random';
import { scaledCount } from '../../shared/scale';
import { glAccountByNumber, glAccountLabel } from '../glAccount/data';
import { vendorAccountNumber } from '../vendor/data';
import type { PurchaseOrderDetail, PurchaseOrderListRow } from './schema';

export interface PurchaseOrderLineInput {
	glAccountId: string;
	propertyId: string;
	unitId?: string | null;
	itemCents: number;
	quantity: string;
	description?: string | null;
}

export interface PurchaseOrderInput {
	vendorId: string;
	lines: PurchaseOrderLineInput[];
	number?: string | null;
	shipToPropertyId?: string | null;
	workOrderIds?: string[];
	requiredBy?: Date | null;
	invoiceNumber?: string | null;
	instructions?: string | null;
	createdAt: Date;
	approvalStatus: PurchaseOrderDetail['approvalStatus'];
	completed: boolean;
	canceled: boolean;
	createdByName: string;
}

export function isNumberTaken(db: Db, number: string): boolean {
	return db.purchaseOrders.some((o) => o.number === number);
}

function assignNumber(db: Db): string {
	let number: string;
	do number = String(nextId(db, 'purchaseOrderNumber', 1001));
	while (isNumberTaken(db, number));
	return number;
}

export function storePurchaseOrder(db: Db, input: PurchaseOrderInput): PurchaseOrderDetail {
	const vendor = db.vendors.find((v) => v.row.upstreamId === input.vendorId)!;
	const shipTo = input.shipToPropertyId ? db.properties.find((p) => p.row.upstreamId === input.shipToPropertyId)! : null;
	const upstreamId = String(nextId(db, 'purchaseOrder', 601));
	const lineItems = input.lines.map((line, index) => {
		const property = db.properties.find((p) => p.row.upstreamId === line.propertyId)!;
		const unit = line.unitId ? db.units.find((u) => u.row.upstreamId === line.unitId) : undefined;
		const account = db.glAccounts.find((a) => a.upstreamId === line.glAccountId)!;
		return {
			upstreamId: `${upstreamId}-${index + 1}`,
			description: line.description ?? null,
			quantity: line.quantity,
			itemAmount: formatMoney(line.itemCents / 100),
			shippingAmount: formatMoney(0),
			taxAmount: formatMoney(0),
			receivedAt: input.completed ? formatDate(input.createdAt) : null,
			glAccountId: account.upstreamId,
			glAccountName: glAccountLabel(account),
			propertyId: property.row.upstreamId,
			propertyName: property.row.name,
			unitId: unit?.row.upstreamId ?? null,
			unitName: unit?.row.name ?? null,
			inventoryName: null,
		};
	});
	const approved = input.approvalStatus === 'Approved';
	const order: PurchaseOrderDetail = {
		upstreamId,
		number: input.number ?? assignNumber(db),
		amount: formatMoney(input.lines.reduce((sum, l) => sum + l.itemCents * Number(l.quantity), 0) / 100),
		approvalStatus: input.approvalStatus,
		requiresApproval: true,
		approved,
		partiallyApproved: false,
		nextApprovers: approved ? null : db.users[1].name,
		lastApprovedBy: approved ? db.users[1].name : null,
		completed: input.completed,
		billed: false,
		canceled: input.canceled,
		createdAt: input.createdAt.toISOString(),
		requiredBy: input.requiredBy ? formatDate(input.requiredBy) : null,
		orderSubmittedDate: formatDate(input.createdAt),
		invoiceNumber: input.invoiceNumber ?? null,
		instructions: input.instructions ?? null,
		revisionInstructions: null,
		taxPercentage: '0',
		vendorId: vendor.row.upstreamId,
		vendorName: vendor.row.companyName ?? `${vendor.row.firstName} ${vendor.row.lastName}`,
		companyName: vendor.row.companyName,
		supplierName: null,
		shipToPropertyId: shipTo?.row.upstreamId ?? null,
		shipToPropertyName: shipTo?.row.name ?? null,
		shipToPortfolioId: null,
		workOrderIds: input.workOrderIds ?? [],
		billIds: [],
		createdByName: input.createdByName,
		lineItems,
	};
	db.purchaseOrders.push(order);
	return order;
}

export function purchaseOrderListRow(order: PurchaseOrderDetail): PurchaseOrderListRow {
	return {
		upstreamId: order.upstreamId,
		number: order.number,
		createdOn: formatDate(new Date(order.createdAt)),
		propertyName: order.lineItems[0]?.propertyName ?? '',
		vendorName: order.vendorName,
		approvalStatus: order.approvalStatus,
		completed: order.completed,
		glAccountName: order.lineItems[0]?.glAccountName ?? '',
		amount: order.amount,
	};
}

export function generatePurchaseOrders(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const vendors = db.vendors.filter((v) => !v.invisible && v.row.vendorTrades);
	const properties = db.properties.filter((p) => !p.invisible);
	for (let n = 0; n < scaledCount(90, db.volume); n++) {
		const vendor = random.pick(vendors);
		const property = random.pick(properties);
		const createdAt = new Date(addDays(today, -random.int(0, 240)).getTime() + random.int(8, 17) * 3_600_000);
		const pending = createdAt > addDays(today, -10) && random.chance(0.6);
		const canceled = n % 11 === 5;
		storePurchaseOrder(db, {
			vendorId: vendor.row.upstreamId,
			lines: Array.from({ length: random.int(1, 3) }, () => ({
				glAccountId: glAccountByNumber(db, vendorAccountNumber(vendor.row)).upstreamId,
				propertyId: property.row.upstreamId,
				unitId: null,
				itemCents: Math.round(random.amount(15, 900, 0.01) * 100),
				quantity: String(random.int(1, 4)),
				description: random.pick(['Parts', 'Materials', 'Replacement fixture', 'Labor']),
			})),
			shipToPropertyId: property.row.upstreamId,
			requiredBy: addDays(createdAt, random.int(7, 30)),
			invoiceNumber: null,
			instructions: random.chance(0.3) ? 'Deliver to the leasing office' : null,
			createdAt,
			approvalStatus: pending ? 'Pending Approval' : 'Approved',
			// a canceled order was never received
			completed: !canceled && !pending && createdAt < addDays(today, -30) && random.chance(0.7),
			canceled,
			createdByName: random.pick(db.users.filter((u) => u.active)).name,
		});
	}
}
