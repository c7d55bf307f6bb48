import { z } from 'zod';
import { address, addressWithCountry, bool, ndate, nstr, phoneNumber, str, strList } from '../../shared/schemas';

export const vendor = z.strictObject({
	upstreamId: str,
	companyName: nstr,
	name: nstr,
	firstName: nstr,
	lastName: nstr,
	fullAddress: nstr,
	address,
	phoneNumbers: z.array(phoneNumber),
	email: nstr,
	defaultGLAccount: nstr,
	paymentType: nstr,
	send1099: bool,
	workersCompExpires: ndate,
	liabilityInsExpires: ndate,
	epaCertExpires: ndate,
	stateLicExpires: ndate,
	contractExpires: ndate,
	tags: strList,
	enrolledInNetVendor: bool,
	autoInsExpires: ndate,
	vendorTrades: nstr,
	doNotUseForWorkOrder: bool,
	terms: nstr,
});

export const vendorTypes = ['general', 'utility', 'external_management_company', 'in-house_maintenance'] as const;

export const createdVendor = z.strictObject({
	upstreamId: str,
	name: nstr,
	firstName: nstr,
	lastName: nstr,
	companyName: nstr,
	useCompanyNameAsDisplayName: bool,
	vendorType: z.enum(vendorTypes),
	taxpayerName: nstr,
	send1099: bool,
	address: addressWithCountry,
	phoneNumbers: z.array(phoneNumber),
	email: nstr,
	defaultGLAccount: nstr,
	vendorTrades: nstr,
});

export type Vendor = z.infer<typeof vendor>;
export type CreatedVendor = z.infer<typeof createdVendor>;
