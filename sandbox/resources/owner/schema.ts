import { z } from 'zod';
import { addressWithCountry, bool, ndate, nstr, phoneNumber, str, strList } from '../../shared/schemas';

export const owner = z.strictObject({
	upstreamId: str,
	name: str,
	firstName: nstr,
	lastName: nstr,
	emailAddress: nstr,
	phoneNumbers: z.array(phoneNumber),
	fullAddress: nstr,
	address: addressWithCountry,
	propertyIds: strList,
	tags: strList,
	notesForOwner: nstr,
	ownerPacketReports: strList,
	sendOwnerPacketsByEmail: bool,
	lastPacketSent: ndate,
	alternativePayee: nstr,
	paymentType: nstr,
	lastPaymentDate: ndate,
	holdPayments: bool,
});

export type Owner = z.infer<typeof owner>;
