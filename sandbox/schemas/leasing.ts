import { z } from 'zod';
import { date, int, nint, nmoney, nstr, str } from './common';

export const guestCardStatuses = ['prequalified', 'active', 'waitlisted', 'application_completed', 'inactive', 'cold'] as const;
export const leadTypes = ['Free', 'Premium', 'Hang Up', 'Refunded'] as const;
export const applicationStatuses = [
	'New',
	'Decision Pending',
	'Approved',
	'Denied',
	'Canceled',
	'Converting',
	'Converted',
] as const;

export const guestCard = z.strictObject({
	assignedUser: nstr,
	assignedUserID: nstr,
	bedBathPreference: nstr,
	creditScore: nstr,
	emailAddress: nstr,
	lastActivityDate: date,
	lastActivityType: nstr,
	leadType: z.enum(leadTypes),
	lisaForecast: nstr,
	lisaLead: nstr,
	maxRent: nmoney,
	monthlyIncome: nmoney,
	moveInPreference: nstr,
	name: str,
	notes: nstr,
	petPreference: nstr,
	phoneNumber: nstr,
	property: str,
	propertyId: str,
	propertyName: str,
	received: date,
	source: nstr,
	status: z.enum(guestCardStatuses),
	tenantID: nstr,
	unit: nstr,
	guestCardId: str,
	unitId: nstr,
});

/** MM/DD/YYYY at hh:mm AM|PM */
const stampedAt = z.string().regex(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} (AM|PM)$/);

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

const countString = z.string().regex(/^\d+$/);

export const leadSourceTracking = z.strictObject({
	applications: countString,
	approvedApplications: countString,
	convertedTenants: countString,
	guestCardInquiries: countString,
	showings: countString,
	source: str,
});

export type GuestCard = z.infer<typeof guestCard>;
export type RentalApplication = z.infer<typeof rentalApplication>;
export type Residence = z.infer<typeof residence>;
