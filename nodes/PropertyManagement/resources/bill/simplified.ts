/** What Simplify keeps of a bill (shared/descriptions/simplify.ts): as listed, and as read or created. */
export const BILL_LISTED = [
	'upstreamId', 'payeeName', 'reference', 'billDate', 'dueDate', 'amount', 'status',
	'propertyAndUnitNames', 'glAccountName',
];

export const BILL_DETAIL = [
	'upstreamId', 'payeeName', 'vendorId', 'reference', 'billDate', 'dueDate', 'amount', 'status',
	'approvalStatus', 'purchaseOrderNumber',
];
