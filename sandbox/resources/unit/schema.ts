import { z } from 'zod';
import { address, bool, date, int, labelRef, money, nbool, ndate, nmoney, nstr, str, strList } from '../../shared/schemas';

export const unit = z.strictObject({
	upstreamId: str,
	name: str,
	propertyId: str,
	property: labelRef,
	occupancyUpstreamId: nstr,
	type: str,
	bdBa: str,
	bedrooms: int,
	bathrooms: z.number(),
	sqFt: nstr,
	marketRent: money,
	status: z.enum(['Occupied', 'Vacant']),
	rentReady: bool,
	tags: strList,
	fullAddress: str,
	address,
});

/** GET /v1/units as the docs' Unit object shows it; `unit` above is the sandbox's own record */
export const unitListRow = z.strictObject({
	upstreamId: str,
	name: str,
	marketRent: nmoney,
	sqFt: nstr,
	bedrooms: nstr,
	bathrooms: nstr,
	tags: strList,
	rentStatus: nstr,
	rentable: bool,
	description: nstr,
	property: labelRef,
	fullAddress: str,
	address,
	marketingTitle: nstr,
	marketingDescription: nstr,
	advertisedRent: nmoney,
	legalRent: nmoney,
	computedMarketRent: nmoney,
	postedToWebsite: bool,
	postedToInternet: bool,
	youTubeURL: nstr,
	type: nstr,
	createdOn: ndate,
	rubsEnabled: nbool,
	rubsEnabledOn: ndate,
	applicationFee: nmoney,
	rentReady: bool,
	rentDueDay: nstr,
	readyForShowingOn: ndate,
	defaultDeposit: nmoney,
	rentableUid: str,
});

export const unitPhoto = z.strictObject({
	upstreamId: str,
	name: str,
	default: bool,
	url: z.strictObject({ original: z.string().url(), small: z.string().url(), medium: z.string().url(), large: z.string().url() }),
});

export const unitVacancy = z.strictObject({
	upstreamId: str,
	name: str,
	description: nstr,
	availableOn: date,
	advertisedRent: nmoney,
	computedMarketRent: nmoney,
	amenities: nstr,
	amenitiesPrice: nmoney,
	bedAndBath: str,
	sqFt: nstr,
	daysVacant: int,
	lastMoveIn: ndate,
	lastMoveOut: ndate,
	lastRent: nmoney,
	newRent: nmoney,
	nextMoveIn: ndate,
	postedToInternet: bool,
	postedToWebsite: bool,
	rentReady: bool,
	readyForShowingOn: ndate,
	schdRent: nmoney,
	status: str,
	turnTargetDate: ndate,
	type: str,
	tags: strList,
	property: labelRef,
	fullAddress: str,
	address,
});

export type Unit = z.infer<typeof unit>;
export type UnitListRow = z.infer<typeof unitListRow>;
export type UnitPhoto = z.infer<typeof unitPhoto>;
export type UnitVacancy = z.infer<typeof unitVacancy>;
