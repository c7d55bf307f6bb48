import { z } from 'zod';
import { bool, isoTimestamp, nstr, str } from '../../shared/schemas';

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

export type TextMessage = z.infer<typeof textMessage>;
