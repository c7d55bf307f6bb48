import { z } from 'zod';

/** The spec allows null for any absent value; these keep the item shapes short to read. */
export const str = z.string();
export const nstr = z.string().nullable();
export const int = z.number().int();
export const nint = z.number().int().nullable();
export const bool = z.boolean();
export const nbool = z.boolean().nullable();
export const strList = z.array(z.string());
/** MM/DD/YYYY; the documented profile leaves the day unpadded on rent rolls (MM/D/YYYY) */
export const date = z.string().regex(/^\d{2}\/\d{1,2}\/\d{4}$/);
export const ndate = date.nullable();
/** decimal string, report values may carry thousands commas */
export const money = z.string().regex(/^-?\d{1,3}(,?\d{3})*\.\d{2}$/);
export const nmoney = money.nullable();
export const isoTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);

export const address = z.strictObject({ street: nstr, street2: nstr, city: nstr, state: nstr, zip: nstr });
export const addressWithCountry = z.strictObject({
	street: nstr,
	street2: nstr,
	city: nstr,
	state: nstr,
	zip: nstr,
	country: nstr,
});
export const phoneNumber = z.strictObject({ label: z.enum(['Office', 'Mobile', 'Home', 'Fax']), phone: str });
export const lateFee = z.strictObject({
	type: nstr,
	baseAmount: nmoney,
	dailyAmount: nmoney,
	gracePeriod: nint,
	gracePeriodFixedDay: nstr,
	graceBalance: nmoney,
	maxDailyAmount: nmoney,
});
export const fileRef = z.strictObject({
	id: str,
	signedUrl: z.string().url(),
	fileName: str,
	contentType: z.enum(['application/pdf', 'image/png']),
	fileSize: int,
});
export const labelRef = z.strictObject({ upstreamId: str, label: str });

/** tree rows of the financial reports, linked by ephemeral ids */
export const reportRowBase = {
	id: str,
	title: str,
	glAccountId: nstr,
	glAccountName: nstr,
	glAccountCode: nstr,
	parentId: nstr,
	childIds: strList,
};

export type Address = z.infer<typeof address>;
export type PhoneNumber = z.infer<typeof phoneNumber>;
export type LateFee = z.infer<typeof lateFee>;
export type FileRef = z.infer<typeof fileRef>;
