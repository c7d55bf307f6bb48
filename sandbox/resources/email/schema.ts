import { z } from 'zod';
import { bool, isoTimestamp, nstr, str, strList } from '../../shared/schemas';

export const emailSummary = z.strictObject({
	upstreamId: str,
	status: str,
	sentAt: isoTimestamp,
	to: str,
	from: str,
	subject: str,
	hasAttachment: bool,
});

export const email = z.strictObject({
	upstreamId: str,
	direction: z.enum(['outbound', 'inbound']),
	subject: str,
	body: str,
	from: str,
	to: strList,
	cc: nstr,
	bcc: nstr,
	sentAt: isoTimestamp,
	createdAt: isoTimestamp,
	updatedAt: isoTimestamp,
	attachments: z.array(z.strictObject({ fileId: str, name: str })),
});

export type Email = z.infer<typeof email>;
export type EmailSummary = z.infer<typeof emailSummary>;
