import { z } from 'zod';
import { date, fileRef, int, money, ndate, nint, nmoney, nstr, str } from '../../shared/schemas';

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

export type LeaseHistory = z.infer<typeof leaseHistory>;
