import type { z } from 'zod';
import * as accounting from './accounting';
import * as communications from './communications';
import * as leasing from './leasing';
import * as properties from './properties';
import * as tenants from './tenants';
import * as users from './users';
import * as vendors from './vendors';

export { accounting, communications, leasing, properties, tenants, users, vendors };

/** item schema of every endpoint's `data`, keyed by method and path pattern */
export const itemSchemas: Record<string, z.ZodType> = {
	'GET /v1/properties': properties.property,
	'GET /v1/owners': properties.owner,
	'GET /v1/property-groups': properties.propertyGroupListRow,
	'GET /v1/units': properties.unitListRow,
	'GET /v1/unit-photos': properties.unitPhoto,
	'GET /v1/unit-vacancies': properties.unitVacancy,
	'GET /v1/rent-roll': properties.rentRoll,
	'GET /v1/rent-roll-recurring': properties.rentRollRecurring,
	'GET /v1/rent-roll-itemized': properties.rentRollItemized,
	'GET /v1/tenants': tenants.tenant,
	'GET /v1/tenant-events': tenants.tenantEvent,
	'GET /v1/tenant-ledger': tenants.tenantLedger,
	'GET /v1/lease-history': tenants.leaseHistory,
	'GET /v1/lease-documents': tenants.leaseDocument,
	'GET /v1/letters': tenants.letter,
	'GET /v1/guest-cards': leasing.guestCard,
	'GET /v1/rental-applications': leasing.rentalApplication,
	'GET /v1/lead-source-tracking': leasing.leadSourceTracking,
	'GET /v1/gl-accounts': accounting.glAccount,
	'GET /v1/bank-accounts': accounting.bankAccount,
	'GET /v1/bank-account-activity': accounting.bankAccountActivity,
	'GET /v1/cash-flow': accounting.cashFlowRow,
	'GET /v1/balance-sheet': accounting.balanceSheetRow,
	'GET /v1/income-statement': accounting.incomeStatementRow,
	'GET /v1/annual-budget-comparative': accounting.budgetComparativeRow,
	'GET /v1/vendors': vendors.vendor,
	'GET /v1/bills': vendors.billListRow,
	'GET /v1/bills/:upstreamId': vendors.billDetail,
	'GET /v1/purchase-orders': vendors.purchaseOrderListRow,
	'GET /v1/purchase-orders/:upstreamId': vendors.purchaseOrderDetail,
	'GET /v1/work-orders': vendors.workOrder,
	'GET /v1/attachments': communications.attachment,
	'GET /v1/file': communications.file,
	'GET /v1/emails': communications.emailSummary,
	'GET /v1/email': communications.email,
	'GET /v1/sms': communications.textMessage,
	'GET /v1/users': users.user,
	'GET /v1/me': users.currentUser,
	'GET /v1/user-roles': users.userRole,
	'POST /v1/vendors': vendors.createdVendor,
	'POST /v1/property-groups': properties.propertyGroup,
	'POST /v1/tenant-charge': tenants.tenantCharge,
	'POST /v1/bills': vendors.billDetail,
	'POST /v1/purchase-orders': vendors.purchaseOrderDetail,
};

