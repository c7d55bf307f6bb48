import { z } from 'zod';
import { int, nint, nmoney, nstr, str } from '../../shared/schemas';
import { stampedAt } from '../guestCard/schema';

export const applicationStatuses = [
	'New',
	'Decision Pending',
	'Approved',
	'Denied',
	'Canceled',
	'Converting',
	'Converted',
] as const;

const residence = z.strictObject({
	address1: nstr,
	address2: nstr,
	city: nstr,
	zip: nstr,
	state: nstr,
	residedFrom: nstr,
	residedTo: nstr,
	landlordName: nstr,
	landlordEmail: nstr,
	landlordPhoneNumber: nstr,
	monthlyRent: nmoney,
});

export const rentalApplication = z.strictObject({
	rentalApplicationId: int,
	propertyId: str,
	unitId: nstr,
	tenantId: nstr,
	adminFeePaid: nstr,
	applicantReportedSource: nstr,
	applicants: str,
	applicationFeePaid: nstr,
	applyingFor: nstr,
	approvedAt: stampedAt.nullable(),
	assignedUser: nstr,
	assignedUserId: nstr,
	campaignTitle: nstr,
	canceledAt: stampedAt.nullable(),
	createdBy: nstr,
	deniedAt: stampedAt.nullable(),
	desiredMoveIn: nstr,
	email: nstr,
	leadSource: nstr,
	petsKinds: nstr,
	petsNames: nstr,
	petsWeights: nstr,
	phoneNumber: nstr,
	propertyName: str,
	reasonForStatus: nstr,
	received: stampedAt,
	rentalApplicationGroupId: nint,
	screening: nstr,
	status: z.enum(applicationStatuses),
	unit: z.strictObject({
		title: nstr,
		address: nstr,
		type: nstr,
		street: nstr,
		street2: nstr,
		city: nstr,
		state: nstr,
		zip: nstr,
	}),
	currentAddress: residence,
	previousAddress1: residence,
	previousAddress2: residence,
});

export type RentalApplication = z.infer<typeof rentalApplication>;
export type Residence = z.infer<typeof residence>;
