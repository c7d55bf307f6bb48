import { z } from 'zod';
import { date, int, ndate, nint, nmoney, nstr, str } from '../../shared/schemas';

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

export type TenantEvent = z.infer<typeof tenantEvent>;
