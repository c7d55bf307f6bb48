/**
 * The fields "Simplify" keeps, per operation whose records have more than 10 fields (n8n's UX
 * guidelines): what a property manager looks at first, plus the id needed to go on (e.g. an
 * occupancy id for a tenant charge). At most 10 each; test/node/ux/simplify.test.ts checks every
 * list against the records the service returns.
 */
const FINANCIAL_ROW = ['id', 'title', 'glAccountCode', 'glAccountName', 'parentId'];
const BILL_DETAIL = [
	'upstreamId',
	'payeeName',
	'vendorId',
	'reference',
	'billDate',
	'dueDate',
	'amount',
	'status',
	'approvalStatus',
	'purchaseOrderNumber',
];
const PURCHASE_ORDER_DETAIL = [
	'upstreamId',
	'number',
	'vendorName',
	'amount',
	'approvalStatus',
	'shipToPropertyName',
	'requiredBy',
	'createdAt',
	'completed',
	'billIds',
];

/** Keyed by "resource:operation". */
export const SIMPLIFIED_FIELDS: Readonly<Record<string, readonly string[]>> = {
	'property:getAll': ['upstreamId', 'name', 'fullAddress', 'type', 'unitCount', 'sqFt', 'marketRent', 'manager', 'portfolio', 'owners'],
	'owner:getAll': ['upstreamId', 'name', 'emailAddress', 'phoneNumbers', 'fullAddress', 'propertyIds', 'paymentType', 'lastPaymentDate', 'holdPayments'],
	'unit:getAll': ['upstreamId', 'name', 'propertyId', 'property', 'bdBa', 'sqFt', 'marketRent', 'status', 'rentReady', 'occupancyUpstreamId'],
	'unit:getVacancies': ['upstreamId', 'name', 'property', 'bedAndBath', 'availableOn', 'advertisedRent', 'daysVacant', 'rentReady', 'status', 'postedToInternet'],
	'tenant:getAll': ['upstreamId', 'name', 'status', 'property', 'unit', 'rent', 'leaseTo', 'emailAddresses', 'phoneNumbers', 'occupancyUpstreamId'],
	'tenantEvent:getAll': ['occurredDate', 'event', 'property', 'unit', 'tenant', 'occupancy', 'rent', 'moveInDate', 'moveOutDate', 'moveOutReason'],
	'lease:getHistory': ['occupancyId', 'tenantName', 'propertyName', 'unitName', 'leaseFrom', 'leaseTo', 'rent', 'leaseSignDate', 'renewal', 'status'],
	'guestCard:getAll': ['guestCardId', 'name', 'emailAddress', 'phoneNumber', 'propertyName', 'unit', 'status', 'source', 'received', 'moveInPreference'],
	'rentalApplication:getAll': ['rentalApplicationId', 'applicants', 'email', 'phoneNumber', 'propertyName', 'unit', 'status', 'desiredMoveIn', 'received', 'leadSource'],
	'glAccount:getAll': ['upstreamId', 'number', 'accountName', 'accountType', 'subAccountOf', 'hidden'],
	'bankAccount:getActivity': ['rowId', 'date', 'transactionType', 'payeeName', 'description', 'reference', 'debit', 'credit', 'balance', 'reconciled'],
	'report:getRentRoll': ['property', 'unit', 'tenant', 'status', 'leaseFrom', 'leaseTo', 'rent', 'marketRent', 'pastDue', 'occupancyId'],
	'report:getRentRollRecurring': ['occupancyId', 'tenant', 'propertyName', 'unit', 'glAccountName', 'amount', 'frequency', 'startDate', 'endDate'],
	'report:getRentRollItemized': ['occupancyId', 'tenant', 'propertyName', 'unit', 'glAccountName', 'chargeType', 'amount', 'rent', 'deposit'],
	'report:getCashFlow': [...FINANCIAL_ROW, 'selectedPeriod', 'selectedPeriodAsPercent', 'fiscalYearToDate'],
	'report:getIncomeStatement': [...FINANCIAL_ROW, 'selectedPeriod', 'selectedPeriodAsPercent', 'fiscalYearToDate'],
	'report:getAnnualBudgetComparative': [...FINANCIAL_ROW, 'budget', 'actual', 'variance', 'variancePercent'],
	'vendor:getAll': ['upstreamId', 'name', 'companyName', 'email', 'phoneNumbers', 'fullAddress', 'vendorTrades', 'paymentType', 'send1099', 'doNotUseForWorkOrder'],
	'vendor:create': ['upstreamId', 'name', 'companyName', 'firstName', 'lastName', 'vendorType', 'email', 'phoneNumbers', 'defaultGLAccount', 'address'],
	'bill:getAll': ['upstreamId', 'payeeName', 'reference', 'billDate', 'dueDate', 'amount', 'status', 'propertyAndUnitNames', 'glAccountName'],
	'bill:get': BILL_DETAIL,
	'bill:create': BILL_DETAIL,
	'purchaseOrder:get': PURCHASE_ORDER_DETAIL,
	'purchaseOrder:create': PURCHASE_ORDER_DETAIL,
	'workOrder:getAll': ['upstreamId', 'workOrderNumber', 'status', 'priority', 'jobDescription', 'propertyName', 'unitName', 'vendorName', 'scheduledStart', 'amount'],
	'email:get': ['upstreamId', 'direction', 'subject', 'from', 'to', 'sentAt', 'body'],
	'user:getAll': ['upstreamId', 'name', 'email', 'phoneNumber', 'userRole', 'active', 'adminUser', 'currentSignInAt'],
};
