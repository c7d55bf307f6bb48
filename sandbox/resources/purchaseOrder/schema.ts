import { z } from 'zod';
import { bool, date, isoTimestamp, money, ndate, nmoney, nstr, str, strList } from '../../shared/schemas';

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

export type PurchaseOrderListRow = z.infer<typeof purchaseOrderListRow>;
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;
