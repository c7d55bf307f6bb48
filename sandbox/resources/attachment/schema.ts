import { z } from 'zod';
import { fileRef, isoTimestamp, nstr, str } from '../../shared/schemas';

export const attachment = z.strictObject({
	upstreamId: str,
	createdAt: isoTimestamp,
	folderName: nstr,
	userName: nstr,
	sharedWith: z.array(z.enum(['Tenant', 'Owner'])),
	file: fileRef,
});

export const file = fileRef;
