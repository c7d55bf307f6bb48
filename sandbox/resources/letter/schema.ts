import { z } from 'zod';
import { fileRef, isoTimestamp, nstr, str } from '../../shared/schemas';

export const letter = z.strictObject({
	upstreamId: str,
	name: str,
	createdAt: isoTimestamp,
	category: nstr,
	file: fileRef,
});
