import type { IBinaryData, IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { cancelledError, cancelSignalOf } from '../sending/cancellation';
import { apiError, operationError, type ErrorPlace } from '../errors';
import { isLocalBaseUrl, urlRefusal } from '../settings/localHosts';

interface FileFields {
	signedUrl?: unknown;
	fileName?: unknown;
	contentType?: unknown;
	fileSize?: unknown;
}

/** Options → Max File Size (MB) when unset: larger files are refused before a byte is read. */
export const DEFAULT_MAX_FILE_SIZE_MB = 100;
/** Options → Download Time-Out (Seconds) when unset: the whole download of one file. */
export const DEFAULT_DOWNLOAD_TIMEOUT_SECONDS = 300;
const MB = 1024 * 1024;
/** Storage hosts may redirect (e.g. to a regional endpoint); each hop is checked like the signed URL. */
const MAX_REDIRECTS = 3;

/** Why the node will not fetch `url`, or undefined when it may. */
function refusalOf(url: string, localBase: boolean): string | undefined {
	return urlRefusal(url, localBase, {
		notHttps: (protocol) => `it is not HTTPS (${protocol}), so the file and its signature would travel in clear text`,
		localHost: (host) => `it points to ${host}, a loopback, private or link-local address (such as a cloud metadata service)`,
	});
}

class UrlRefused extends Error {
	constructor(readonly origin: string, readonly reason: string) {
		super(reason);
	}
}

function originOf(url: string): string {
	try {
		return new URL(url).origin;
	} catch {
		return 'an invalid URL';
	}
}

/** The download options of the node's "Options" collection (with Download Files). */
export interface DownloadSettings {
	maxFileSize?: number;
	downloadTimeout?: number;
}

/** Attachments, letters and lease documents nest the file; /v1/file returns it at the top. */
export function fileOf(item: IDataObject): FileFields | undefined {
	const nested = item.file as FileFields | undefined;
	if (nested && typeof nested === 'object' && typeof nested.signedUrl === 'string') return nested;
	if (typeof item.signedUrl === 'string') return item as FileFields;
	return undefined;
}

/** The part of a readable stream this file uses; node code imports no stream module. */
interface BodyStream {
	on(event: 'error', listener: (error: Error) => void): unknown;
	destroy(error?: Error): unknown;
	map(transform: (chunk: Buffer) => Buffer): BodyStream;
}

interface StreamResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: BodyStream;
}

class FileTooLarge extends Error {
	constructor(readonly bytes: number, readonly announced: boolean) {
		super('file too large');
	}
}

class DownloadTimedOut extends Error {}

class DownloadFailed extends Error {}

function positiveOr(value: unknown, fallback: number): number {
	const number = Number(value);
	return value !== undefined && value !== null && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
}

function megabytes(bytes: number): string {
	return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}

/** The file's own answer, for a record that lacks its type or name: Content-Type without its parameters. */
function contentTypeOf(response: StreamResponse): string | undefined {
	const header = response.headers?.['content-type'];
	return (typeof header === 'string' && header.split(';')[0].trim()) || undefined;
}

/** ...and the name in Content-Disposition (`filename*=UTF-8''…` or `filename="…"`). */
function attachmentNameOf(response: StreamResponse): string | undefined {
	const header = response.headers?.['content-disposition'];
	if (typeof header !== 'string') return undefined;
	const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
	if (encoded) {
		try {
			return decodeURIComponent(encoded.trim());
		} catch {
			// not percent-encoded after all: the plain filename below, if any
		}
	}
	return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] || /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] || undefined;
}

/** A name for n8n to take the MIME type from when the service gives none (the body is not sniffed). */
function lastSegment(url: unknown): string | undefined {
	try {
		return decodeURIComponent(new URL(String(url)).pathname.split('/').pop() ?? '') || undefined;
	} catch {
		return undefined;
	}
}

/** AbortSignal.timeout keeps no timer of its own alive and needs no setTimeout in node code. */
function downloadSignal(timeoutMs: number, cancel: AbortSignal | undefined) {
	const timeout = AbortSignal.timeout(timeoutMs);
	return { timeout, signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout };
}

async function openStream(ctx: IExecuteSingleFunctions, url: string, signal: AbortSignal, localBase: boolean): Promise<StreamResponse> {
	let target = url;
	for (let hop = 0; ; hop++) {
		const refusal = refusalOf(target, localBase);
		if (refusal) throw new UrlRefused(originOf(target), refusal);
		const options: IHttpRequestOptions = {
			method: 'GET',
			url: target,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			abortSignal: signal,
		};
		const response = (await ctx.helpers.httpRequest(options)) as StreamResponse;
		const location = response.headers?.location;
		if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string' && hop < MAX_REDIRECTS) {
			response.body.destroy();
			target = new URL(location, target).href;
			continue;
		}
		if (response.statusCode < 200 || response.statusCode >= 300) {
			response.body.destroy();
			throw new DownloadFailed(`HTTP ${response.statusCode}`);
		}
		return response;
	}
}

/**
 * The body as n8n's binary store will read it: each chunk is counted on its way (`map` pulls from the
 * body only as fast as the store reads, so nothing is buffered beyond the streams' own chunks), and
 * the body ends in an error once it outgrows `maxBytes` or the signal aborts.
 */
function guarded(body: BodyStream, maxBytes: number, signal: AbortSignal, timeout: AbortSignal) {
	let received = 0;
	let failure: Error | undefined;
	const record = (error: Error) => {
		failure ??= error;
	};
	const onAbort = () => {
		record(timeout.aborted ? new DownloadTimedOut() : new DownloadFailed('canceled'));
		body.destroy(failure);
	};
	body.on('error', record);
	const counted = body.map((chunk) => {
		received += chunk.length;
		if (received > maxBytes) {
			record(new FileTooLarge(received, false));
			throw failure;
		}
		return chunk;
	});
	counted.on('error', record);
	signal.addEventListener('abort', onAbort, { once: true });
	return {
		stream: counted,
		failure: () => failure,
		done: () => signal.removeEventListener('abort', onAbort),
	};
}

/**
 * Signed URLs carry their own authorization and may live on a storage host: fetched with the plain
 * HTTP helper so the API key is never sent along, only over HTTPS and never to a loopback, private or
 * link-local address (each redirect hop included), unless the Base URL itself is on such a host. The body is streamed into n8n's binary data, so
 * n8n's file system or S3 binary mode holds no whole file in memory; its size is bounded by
 * Options → Max File Size (the item's `fileSize` before the request, Content-Length when the answer
 * starts, the bytes counted while reading) and its time by Options → Download Time-Out.
 */
export async function downloadFile(
	ctx: IExecuteSingleFunctions,
	item: IDataObject,
	place: ErrorPlace,
	settings: DownloadSettings = {},
	baseUrl = '',
): Promise<IBinaryData | undefined> {
	const file = fileOf(item);
	if (!file) return undefined;
	const fileName = typeof file.fileName === 'string' ? file.fileName : undefined;
	const contentType = typeof file.contentType === 'string' ? file.contentType : undefined;
	const maxMb = positiveOr(settings.maxFileSize, DEFAULT_MAX_FILE_SIZE_MB);
	const maxBytes = Math.floor(maxMb * MB);
	const timeoutSeconds = positiveOr(settings.downloadTimeout, DEFAULT_DOWNLOAD_TIMEOUT_SECONDS);
	const what = `the file ${fileName ?? ''} of ${place.path}`.replace('  ', ' ');
	const tooLarge = (bytes: number, announced: boolean) =>
		operationError(
			place,
			`${what[0].toUpperCase()}${what.slice(1)} is larger than Options → Max File Size (${maxMb} MB); not downloaded`,
			`${announced ? 'The service gives its size as' : 'Stopped after reading'} ${megabytes(bytes)}. Raise Max File Size to download it; n8n keeps binary data in memory unless its binary data mode is "filesystem" or S3.`,
		);
	const declared = Number(file.fileSize);
	if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(declared, true);

	// a local stand-in of the service and the tests serve files over http from 127.0.0.1, beside a Base URL there
	const localBase = isLocalBaseUrl(baseUrl);
	const cancel = cancelSignalOf(ctx);
	if (cancel?.aborted) throw cancelledError(place);
	const { timeout, signal } = downloadSignal(timeoutSeconds * 1000, cancel);
	let watch: ReturnType<typeof guarded> | undefined;
	try {
		const response = await openStream(ctx, String(file.signedUrl), signal, localBase);
		const length = Number(response.headers?.['content-length']);
		if (Number.isFinite(length) && length > maxBytes) {
			response.body.destroy();
			throw new FileTooLarge(length, true);
		}
		watch = guarded(response.body, maxBytes, signal, timeout);
		// a record may come without its type or name ("any field may be null"): the file's own answer gives them
		const binary = await ctx.helpers.prepareBinaryData(
			watch.stream as never,
			fileName ?? attachmentNameOf(response) ?? lastSegment(file.signedUrl),
			contentType ?? contentTypeOf(response),
		);
		const failure = watch.failure();
		if (failure) throw failure;
		return binary;
	} catch (error) {
		const cause = watch?.failure() ?? error;
		if (cancel?.aborted) throw cancelledError(place);
		if (cause instanceof FileTooLarge) throw tooLarge(cause.bytes, cause.announced);
		if (cause instanceof UrlRefused) {
			throw apiError(
				place,
				`Refused to download ${what} from ${cause.origin}`,
				`The signed URL is only followed over HTTPS and never to this machine or a private network: ${cause.reason}. Nothing was requested from it, and the API key is never sent with a download.`,
				'none',
			);
		}
		if (timeout.aborted || cause instanceof DownloadTimedOut) {
			throw apiError(
				place,
				`Downloading ${what} took longer than Options → Download Time-Out (${timeoutSeconds} s)`,
				'The storage host of the signed URL did not send the whole file in time; stopped. Run the node again (signed URLs expire), or raise Download Time-Out for large files on slow links.',
				'timeout',
			);
		}
		const status = cause instanceof DownloadFailed ? ` (${cause.message})` : '';
		throw apiError(
			place,
			`Could not download ${what}${status}`,
			'The signed file URL did not answer; signed URLs expire, so run the node again for a fresh one.',
			'none',
		);
	} finally {
		watch?.done();
	}
}
