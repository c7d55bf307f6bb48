/** What Simplify keeps of a purchase order read or created (shared/descriptions/simplify.ts). */
export const PURCHASE_ORDER_DETAIL = [
	'upstreamId', 'number', 'vendorName', 'amount', 'approvalStatus', 'shipToPropertyName',
	'requiredBy', 'createdAt', 'completed', 'billIds',
];
