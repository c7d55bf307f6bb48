import type { IBinaryData, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { cancelledError, cancelSignalOf } from './cancellation';
import { apiError, type ErrorPlace } from './errors';

interface FileFields {
	signedUrl?: unknown;
	fileName?: unknown;
	contentType?: unknown;
}

/** Attachments, letters and lease documents nest the file; /v1/file returns it at the top. */
export function fileOf(item: IDataObject): FileFields | undefined {
	const nested = item.file as FileFields | undefined;
	if (nested && typeof nested === 'object' && typeof nested.signedUrl === 'string') return nested;
	if (typeof item.signedUrl === 'string') return item as FileFields;
	return undefined;
}

/**
 * Signed URLs carry their own authorization and may live on a storage host: fetched with the plain
 * HTTP helper so the API key is never sent along.
 */
export async function downloadFile(
	ctx: IExecuteSingleFunctions,
	item: IDataObject,
	place: ErrorPlace,
): Promise<IBinaryData | undefined> {
	const file = fileOf(item);
	if (!file) return undefined;
	const fileName = typeof file.fileName === 'string' ? file.fileName : undefined;
	const contentType = typeof file.contentType === 'string' ? file.contentType : undefined;
	const signal = cancelSignalOf(ctx);
	if (signal?.aborted) throw cancelledError(place);
	let bytes: Buffer;
	try {
		const body = (await ctx.helpers.httpRequest({
			method: 'GET',
			url: String(file.signedUrl),
			encoding: 'arraybuffer',
			json: false,
			abortSignal: signal,
		})) as ArrayBuffer | Buffer;
		bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
	} catch {
		if (signal?.aborted) throw cancelledError(place);
		throw apiError(
			place,
			`Could not download the file ${fileName ?? ''} of ${place.path}`.replace('  ', ' '),
			'The signed file URL did not answer; signed URLs expire, so run the node again for a fresh one.',
			'none',
		);
	}
	return await ctx.helpers.prepareBinaryData(bytes, fileName, contentType);
}
