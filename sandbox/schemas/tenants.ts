import { z } from 'zod';
import {
	address,
	bool,
	date,
	fileRef,
	int,
	isoTimestamp,
	labelRef,
	lateFee,
	money,
	ndate,
	nint,
	nmoney,
	nstr,
	phoneNumber,
	str,
	strList,
} from './common';

export const tenantStatuses = ['current', 'past', 'future', 'evict', 'notice'] as const;

export const tenant = z.strictObject({
	upstreamId: str,
	name: str,
	firstName: str,
	lastName: str,
	birthdate: ndate,
	emailAddresses: strList,
	phoneNumbers: z.array(phoneNumber),
	fullAddress: str,
	address,
	primaryTenant: bool,
	status: z.enum(['Current', 'Past', 'Future', 'Evict', 'Notice']),
	type: z.enum(['Financially Responsible', 'Occupant']),
	tags: strList,
	pets: nstr,
	licensePlates: nstr,
	occupancyUpstreamId: str,
	guestCardUpstreamId: nstr,
	rentalApplicationUpstreamId: nstr,
	moveIn: ndate,
	moveOut: ndate,
	insuranceCompanyName: nstr,
	insuranceExpiration: ndate,
	insurancePolicyNumber: nstr,
	property: labelRef,
	unit: z.strictObject({ upstreamId: str, name: str, type: str }),
	rent: nmoney,
	deposit: nmoney,
	lastRentIncrease: ndate,
	nextRentIncrease: ndate,
	sendRentReminders: bool,
	ignorePartialPayments: bool,
	leaseFrom: ndate,
	leaseTo: ndate,
	lastLeaseRenewal: ndate,
	lateFee,
});

export const tenantEvent = z.strictObject({
	occurredDate: date,
	event: z.enum(['Move-in', 'Move-out', 'Notice']),
	property: z.strictObject({
		upstreamId: int,
		name: str,
		address: str,
		street: nstr,
		street2: nstr,
		city: nstr,
		state: nstr,
		zip: nstr,
		type: str,
	}),
	unit: z.strictObject({ upstreamId: int, name: str, tags: nstr, type: str }),
	tenant: z.strictObject({ upstreamId: int, name: str, phoneNumber: nstr, email: nstr, tags: nstr, status: str }),
	occupancy: z.strictObject({ upstreamId: int }),
	rent: nmoney,
	leaseFrom: ndate,
	leaseTo: ndate,
	deposit: nmoney,
	depositsAuthorized: nmoney,
	moveOutDate: ndate,
	moveOutReason: nstr,
	moveInDate: ndate,
	leaseSignDate: ndate,
	assignedUser: nstr,
	tenantSdrPayment: nstr,
	rentalApplicationId: nint,
	portfolioId: nint,
	sdrEcheckEligibility: nstr,
});

export const tenantLedger = z.strictObject({
	rowId: int,
	credit: nmoney,
	debit: nmoney,
	balance: money,
	date,
	description: nstr,
	payer: nstr,
	transaction: z.strictObject({ id: int, type: z.enum(['Charge', 'Payment', 'Credit']), createdAt: isoTimestamp }),
});

/** echoed as M/DD/YYYY per the spec */
const shortDate = z.string().regex(/^\d{1,2}\/\d{2}\/\d{4}$/);

export const tenantCharge = z.strictObject({
	tenantChargeId: int,
	occupancyId: int,
	amount: money,
	chargeDate: shortDate,
	postingDate: shortDate,
	glAccountId: str,
	description: nstr,
	warnings: strList,
});

export const LEASE_STATUSES = ['Completed', 'Did Not Renew', 'Month To Month', 'Pending', 'Status Cannot Be Determined'] as const;

/** the docs' Lease object (GET /v1/lease-history), ids named upstreamId; unit and property ids added */
export const leaseHistory = z.strictObject({
	leaseUUID: str,
	leaseDocumentUUID: nstr,
	inquiryId: nint,
	status: z.enum(LEASE_STATUSES),
	createdAt: date,
	updatedAt: date,
	sentDate: ndate,
	leaseStart: date,
	leaseEnd: ndate,
	moveIn: ndate,
	moveOut: ndate,
	signedOnDate: ndate,
	rent: money,
	marketRent: nmoney,
	mostRecentRent: nmoney,
	securityDeposit: nmoney,
	renewal: z.enum(['Yes', 'No']),
	countersignedBy: nstr,
	countersignedById: nint,
	countersignedDate: ndate,
	timeFromSendingToCountersigning: nstr,
	timeFromSendingToSigning: nstr,
	occupancy: z.strictObject({ upstreamId: int, name: str }),
	tenant: z.strictObject({ upstreamId: int, name: str, visibility: z.enum(['Active', 'Hidden']) }),
	unit: z.strictObject({ upstreamId: str, name: str, type: nstr }),
	property: z.strictObject({ upstreamId: str, name: str, address: str, street: nstr, street2: nstr, city: nstr, state: nstr, zip: nstr }),
});

export const leaseDocument = z.strictObject({
	name: str,
	leaseFrom: ndate,
	leaseTo: ndate,
	status: str,
	leaseDocumentId: str,
	file: fileRef,
});

export const letter = z.strictObject({
	upstreamId: str,
	name: str,
	createdAt: isoTimestamp,
	category: nstr,
	file: fileRef,
});

export type Tenant = z.infer<typeof tenant>;
export type TenantEvent = z.infer<typeof tenantEvent>;
export type TenantLedger = z.infer<typeof tenantLedger>;
export type TenantCharge = z.infer<typeof tenantCharge>;
export type LeaseHistory = z.infer<typeof leaseHistory>;
