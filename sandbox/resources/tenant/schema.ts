import { z } from 'zod';
import { address, bool, labelRef, lateFee, ndate, nmoney, nstr, phoneNumber, str, strList } from '../../shared/schemas';

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

export type Tenant = z.infer<typeof tenant>;
