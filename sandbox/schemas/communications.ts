import { z } from 'zod';
import { bool, fileRef, isoTimestamp, nstr, str, strList } from './common';

export const attachment = z.strictObject({
	upstreamId: str,
	createdAt: isoTimestamp,
	folderName: nstr,
	userName: nstr,
	sharedWith: z.array(z.enum(['Tenant', 'Owner'])),
	file: fileRef,
});

export const file = fileRef;

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

export const textMessage = z.strictObject({
	upstreamId: str,
	body: str,
	sentOrReceivedAt: isoTimestamp,
	status: z.enum(['delivered', 'failed', 'received']),
	direction: z.enum(['outbound-api', 'inbound']),
	remotePartyNumber: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/),
	senderName: nstr,
	media: z.array(z.strictObject({ url: z.string().url(), contentType: str })),
	read: bool,
});

export type Email = z.infer<typeof email>;
export type EmailSummary = z.infer<typeof emailSummary>;
export type TextMessage = z.infer<typeof textMessage>;
