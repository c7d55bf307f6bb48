import { z } from 'zod';
import { bool, date, money, ndate, nstr, str } from '../../shared/schemas';

export const billStatus = z.enum(['Paid', 'Unpaid', 'Used', 'Unused']);

/** The spec lists Pending Approval and Approved, "others possible, e.g. as displayed": these stand for the others. */
export const OTHER_APPROVAL_STATUSES = ['Rejected', 'Pending Second Approval', 'Approved - Override'] as const;
export const approvalStatus = z.enum(['Pending Approval', 'Approved', ...OTHER_APPROVAL_STATUSES]);

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
	approvalStatus,
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

export type BillListRow = z.infer<typeof billListRow>;
export type BillDetail = z.infer<typeof billDetail>;
export type BillStatus = z.infer<typeof billStatus>;
