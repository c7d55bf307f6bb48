import { type BillRecord, type Db, nextId } from '../../db/db';
import { storeFile } from '../../shared/files';
import { addDays, formatDate, formatMoney, startOfDay, toCents } from '../../shared/format';
import type { Random } from '../../shared/random';
import { billAmountFactor, billCount } from '../../shared/scale';
import { OPERATING_BANK_ACCOUNT_ID } from '../bankAccount/data';
import { glAccountByNumber, glAccountLabel } from '../glAccount/data';
import type { PurchaseOrderDetail } from '../purchaseOrder/schema';
import { vendorAccountNumber } from '../vendor/data';
import type { BillDetail, BillListRow, BillStatus } from './schema';

export interface BillLineInput {
	glAccountId: string;
	propertyId: string;
	unitId?: string | null;
	description?: string | null;
	cents: number;
}

export interface BillInput {
	vendorId: string;
	billDate: Date;
	dueDate: Date;
	lines: BillLineInput[];
	purchaseOrderId?: string | null;
	reference?: string | null;
	remarks?: string | null;
	memoForCheck?: string | null;
	invoiceFileNames?: string[];
	status: BillStatus;
	approvalStatus: BillDetail['approvalStatus'];
	payDate?: Date | null;
}

const CASH_ACCOUNT = '1100 - Operating Cash';

export function storeBill(db: Db, input: BillInput): BillRecord {
	const vendor = db.vendors.find((v) => v.row.upstreamId === input.vendorId)!;
	const order = input.purchaseOrderId ? db.purchaseOrders.find((o) => o.upstreamId === input.purchaseOrderId)! : null;
	const upstreamId = String(nextId(db, 'bill', 50001));
	const paid = input.status === 'Paid' || input.status === 'Used';
	const payDate = paid ? formatDate(input.payDate ?? input.dueDate) : null;
	const lineItems = input.lines.map((line) => {
		const property = db.properties.find((p) => p.row.upstreamId === line.propertyId)!;
		const unit = line.unitId ? db.units.find((u) => u.row.upstreamId === line.unitId) : undefined;
		const account = db.glAccounts.find((a) => a.upstreamId === line.glAccountId)!;
		return {
			propertyId: property.row.upstreamId,
			propertyName: property.row.name,
			unitName: unit?.row.name ?? null,
			glAccountName: glAccountLabel(account),
			description: line.description ?? null,
			amount: formatMoney(line.cents / 100),
			status: input.status,
			payDate,
		};
	});
	const attachments = (input.invoiceFileNames ?? []).map((fileName) => {
		const file = storeFile(db, fileName, 'application/pdf', `Invoice ${input.reference ?? upstreamId} from ${vendor.row.companyName ?? vendor.row.name}`);
		return { upstreamId: file.id, fileName };
	});
	const approved = input.approvalStatus === 'Approved';
	const detail: BillDetail = {
		upstreamId,
		payeeName: vendor.row.companyName ?? `${vendor.row.firstName} ${vendor.row.lastName}`,
		vendorId: vendor.row.upstreamId,
		reference: input.reference ?? null,
		purchaseOrderNumber: order?.number ?? null,
		remarks: input.remarks ?? null,
		memoForCheck: input.memoForCheck ?? null,
		approvalStatus: input.approvalStatus,
		nextApprovers: approved ? null : db.users[1].name,
		billDate: formatDate(input.billDate),
		postingDate: formatDate(input.billDate),
		dueDate: formatDate(input.dueDate),
		amount: formatMoney(input.lines.reduce((sum, l) => sum + l.cents, 0) / 100),
		status: input.status,
		cashAccountName: CASH_ACCOUNT,
		currentApprovalStep: approved ? null : 'Step 1 of 1',
		lastApprovedBy: approved ? db.users[1].name : null,
		lineItems,
		attachments,
	};
	const record: BillRecord = {
		detail,
		propertyIds: [...new Set(input.lines.map((l) => l.propertyId))],
		glAccountIds: [...new Set(input.lines.map((l) => l.glAccountId))],
	};
	db.bills.push(record);
	if (order) {
		order.billIds.push(upstreamId);
		order.billed = true;
	}
	const credit = input.status === 'Used' || input.status === 'Unused';
	for (const line of input.lines) {
		db.journal.push({ date: input.billDate, glAccountId: line.glAccountId, propertyId: line.propertyId, cents: credit ? -line.cents : line.cents, settled: paid });
	}
	if (paid && !credit) {
		db.bankActivity.push({
			bankAccountId: OPERATING_BANK_ACCOUNT_ID,
			transactionId: nextId(db, 'transaction', 1000001),
			transactionType: 'Check',
			date: input.payDate ?? input.dueDate,
			cents: -input.lines.reduce((sum, l) => sum + l.cents, 0),
			description: `Bill ${upstreamId}`,
			reference: String(nextId(db, 'checkNumber', 10001)),
			payeeName: detail.payeeName,
			reconciled: (input.payDate ?? input.dueDate) < addDays(db.createdAt, -35),
		});
	}
	return record;
}

export function billListRow(db: Db, record: BillRecord): BillListRow {
	const { detail } = record;
	const labels = [...new Set(detail.lineItems.map((l) => (l.unitName && l.unitName !== l.propertyName ? `${l.propertyName} - ${l.unitName}` : l.propertyName)))];
	return {
		upstreamId: detail.upstreamId,
		payeeName: detail.payeeName,
		reference: detail.reference,
		billDate: detail.billDate,
		propertyAndUnitNames: labels.join(', '),
		glAccountName: detail.lineItems[0].glAccountName,
		dueDate: detail.dueDate,
		amount: detail.amount,
		status: detail.status,
		cashAccountName: detail.cashAccountName,
		hasAttachment: detail.attachments.length > 0,
	};
}

const BILL_DESCRIPTIONS: Record<string, string[]> = {
	'6110': ['Replace water heater', 'Clear kitchen drain', 'Repair leaking faucet'],
	'6120': ['Replace breaker panel', 'Repair outlet', 'Install exterior lighting'],
	'6130': ['AC service call', 'Replace furnace filter', 'Repair thermostat'],
	'6140': ['Patch drywall', 'Replace cabinet doors', 'Repair fence'],
	'6200': ['Monthly landscaping', 'Tree trimming'],
	'6300': ['Move-out cleaning', 'Common area cleaning'],
	'6410': ['Water service'],
	'6420': ['Electric service'],
	'6430': ['Gas service'],
	'6440': ['Trash pickup'],
	'6500': ['Property insurance premium'],
	'6700': ['Quarterly pest treatment'],
	'6800': ['Maintenance supplies'],
};

export function generateBills(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const linkable = db.purchaseOrders.filter((o) => !o.canceled && o.approvalStatus === 'Approved');
	const amountFactor = billAmountFactor(db.volume);
	const unitsOf = new Map(db.properties.map((property) => [property.row.upstreamId, db.units.filter((u) => u.row.propertyId === property.row.upstreamId)]));
	for (let n = 0; n < billCount(db.volume); n++) {
		// every ninth bill is the invoice for an approved order: the order's vendor, dated after the order
		const candidate = n % 9 === 0 && linkable.length ? linkable[(n / 9) % linkable.length] : null;
		const order = candidate && candidate.billIds.length === 0 ? candidate : null;
		const vendor = order ? db.vendors.find((v) => v.row.upstreamId === order.vendorId)! : db.vendors[n % db.vendors.length];
		const ordered = order ? startOfDay(new Date(order.createdAt)) : null;
		const billDate = ordered ? earlier(addDays(ordered, random.int(1, 21)), today) : addDays(today, -random.int(0, 400));
		const dueDate = addDays(billDate, 30);
		const lineCount = random.chance(0.25) ? random.int(2, 3) : 1;
		const lines: BillLineInput[] = order ? orderLines(order) : Array.from({ length: lineCount }, () => {
			// a vendor bills its own trade: a plumber's invoice is plumbing, the water company's is water
			const number = vendorAccountNumber(vendor.row);
			const property = random.pick(db.properties);
			const units = unitsOf.get(property.row.upstreamId)!;
			return {
				glAccountId: glAccountByNumber(db, number).upstreamId,
				propertyId: property.row.upstreamId,
				unitId: property.row.type === 'Multi-Family' && random.chance(0.5) ? random.pick(units).row.upstreamId : null,
				description: random.pick(BILL_DESCRIPTIONS[number] ?? ['Services rendered']),
				cents: random.amount(45, Math.max(45, 2400 * amountFactor), 0.01) * 100,
			};
		});
		const credit = n % 23 === 22;
		const paid = dueDate < today ? random.chance(0.95) : random.chance(0.2);
		storeBill(db, {
			vendorId: vendor.row.upstreamId,
			billDate,
			dueDate,
			lines: lines.map((l) => ({ ...l, cents: Math.round(l.cents) })),
			purchaseOrderId: order?.upstreamId ?? null,
			reference: random.chance(0.7) ? `INV-${random.digits(5)}` : null,
			remarks: random.chance(0.2) ? 'Approved by property manager' : null,
			memoForCheck: random.chance(0.3) ? `Acct ${random.digits(6)}` : null,
			invoiceFileNames: random.chance(0.5) ? [`invoice-${random.digits(5)}.pdf`] : [],
			status: credit ? (paid ? 'Used' : 'Unused') : paid ? 'Paid' : 'Unpaid',
			approvalStatus: billDate > addDays(today, -14) && random.chance(0.5) ? 'Pending Approval' : 'Approved',
			payDate: paid ? earlier(addDays(billDate, random.int(3, 30)), today) : null,
		});
	}
}

/** the bill for an order charges what was ordered, where it was ordered */
function orderLines(order: PurchaseOrderDetail): BillLineInput[] {
	return order.lineItems.map((line) => ({
		glAccountId: line.glAccountId,
		propertyId: line.propertyId,
		unitId: line.unitId,
		description: line.description,
		cents: toCents(line.itemAmount) * Number(line.quantity),
	}));
}

function earlier(a: Date, b: Date): Date {
	return a < b ? a : b;
}
