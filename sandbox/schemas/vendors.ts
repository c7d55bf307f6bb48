import { z } from 'zod';
import { address, addressWithCountry, bool, date, isoTimestamp, money, ndate, nmoney, nstr, phoneNumber, str, strList } from './common';

export const vendor = z.strictObject({
	upstreamId: str,
	companyName: nstr,
	name: nstr,
	firstName: nstr,
	lastName: nstr,
	fullAddress: nstr,
	address,
	phoneNumbers: z.array(phoneNumber),
	email: nstr,
	defaultGLAccount: nstr,
	paymentType: nstr,
	send1099: bool,
	workersCompExpires: ndate,
	liabilityInsExpires: ndate,
	epaCertExpires: ndate,
	stateLicExpires: ndate,
	contractExpires: ndate,
	tags: strList,
	enrolledInNetVendor: bool,
	autoInsExpires: ndate,
	vendorTrades: nstr,
	doNotUseForWorkOrder: bool,
	terms: nstr,
});

export const vendorTypes = ['general', 'utility', 'external_management_company', 'in-house_maintenance'] as const;

export const createdVendor = z.strictObject({
	upstreamId: str,
	name: nstr,
	firstName: nstr,
	lastName: nstr,
	companyName: nstr,
	useCompanyNameAsDisplayName: bool,
	vendorType: z.enum(vendorTypes),
	taxpayerName: nstr,
	send1099: bool,
	address: addressWithCountry,
	phoneNumbers: z.array(phoneNumber),
	email: nstr,
	defaultGLAccount: nstr,
	vendorTrades: nstr,
});

export const billStatus = z.enum(['Paid', 'Unpaid', 'Used', 'Unused']);

export const billListRow = z.strictObject({
	upstreamId: str,
	payeeName: str,
	reference: nstr,
	billDate: date,
	propertyAndUnitNames: str,
	glAccountName: str,
	dueDate: date,
	amount: money,
	status: billStatus,
	cashAccountName: nstr,
	hasAttachment: bool,
});

export const billDetail = z.strictObject({
	upstreamId: str,
	payeeName: str,
	vendorId: nstr,
	reference: nstr,
	purchaseOrderNumber: nstr,
	remarks: nstr,
	memoForCheck: nstr,
	approvalStatus: z.enum(['Pending Approval', 'Approved']),
	nextApprovers: nstr,
	billDate: date,
	postingDate: date,
	dueDate: date,
	amount: money,
	status: billStatus,
	cashAccountName: nstr,
	currentApprovalStep: nstr,
	lastApprovedBy: nstr,
	lineItems: z.array(
		z.strictObject({
			propertyId: nstr,
			propertyName: str,
			unitName: nstr,
			glAccountName: str,
			description: nstr,
			amount: money,
			status: billStatus,
			payDate: ndate,
		}),
	),
	attachments: z.array(z.strictObject({ upstreamId: str, fileName: str })),
});

export const purchaseOrderListRow = z.strictObject({
	upstreamId: str,
	number: str,
	createdOn: date,
	propertyName: str,
	vendorName: str,
	approvalStatus: z.enum(['Approved', 'Pending Approval']),
	completed: bool,
	glAccountName: str,
	amount: money,
});

export const purchaseOrderDetail = z.strictObject({
	upstreamId: str,
	number: str,
	amount: money,
	approvalStatus: z.enum(['Approved', 'Pending Approval']),
	requiresApproval: bool,
	approved: bool,
	partiallyApproved: bool,
	nextApprovers: nstr,
	lastApprovedBy: nstr,
	completed: bool,
	billed: bool,
	canceled: bool,
	createdAt: isoTimestamp,
	requiredBy: ndate,
	orderSubmittedDate: ndate,
	invoiceNumber: nstr,
	instructions: nstr,
	revisionInstructions: nstr,
	taxPercentage: nstr,
	vendorId: str,
	vendorName: str,
	companyName: nstr,
	supplierName: nstr,
	shipToPropertyId: nstr,
	shipToPropertyName: nstr,
	shipToPortfolioId: nstr,
	workOrderIds: strList,
	billIds: strList,
	createdByName: nstr,
	lineItems: z.array(
		z.strictObject({
			upstreamId: str,
			description: nstr,
			quantity: str,
			itemAmount: money,
			shippingAmount: nmoney,
			taxAmount: nmoney,
			receivedAt: ndate,
			glAccountId: str,
			glAccountName: str,
			propertyId: str,
			propertyName: str,
			unitId: nstr,
			unitName: nstr,
			inventoryName: nstr,
		}),
	),
});

export const workOrder = z.strictObject({
	upstreamId: str,
	workOrderNumber: str,
	status: z.enum(['New', 'Assigned', 'Scheduled', 'Completed', 'Canceled']),
	priority: z.enum(['Low', 'Normal', 'Urgent']),
	jobDescription: str,
	propertyId: str,
	propertyName: str,
	unitId: nstr,
	unitName: nstr,
	occupancyId: nstr,
	vendorId: nstr,
	vendorName: nstr,
	createdAt: date,
	scheduledStart: ndate,
	completedOn: ndate,
	amount: nmoney,
});

export type Vendor = z.infer<typeof vendor>;
export type CreatedVendor = z.infer<typeof createdVendor>;
export type BillListRow = z.infer<typeof billListRow>;
export type BillDetail = z.infer<typeof billDetail>;
export type BillStatus = z.infer<typeof billStatus>;
export type PurchaseOrderListRow = z.infer<typeof purchaseOrderListRow>;
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;
export type WorkOrder = z.infer<typeof workOrder>;
