import { z } from 'zod';
import { date, nmoney, nstr, str } from '../../shared/schemas';

export const guestCardStatuses = ['prequalified', 'active', 'waitlisted', 'application_completed', 'inactive', 'cold'] as const;
export const leadTypes = ['Free', 'Premium', 'Hang Up', 'Refunded'] as const;

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
export const stampedAt = z.string().regex(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} (AM|PM)$/);

export type GuestCard = z.infer<typeof guestCard>;
