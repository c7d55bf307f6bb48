/**
 * The bill's invoice PDF: inline (base64 of a binary property of the input item) or by URL.
 * Inline files must keep the whole JSON body within the service's request limit.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { invalidField, optionalText, quoted, requiredText, type ItemContext } from '../../../shared/create/rules';

/**
 * The spec's "20 MB" body limit, read as decimal megabytes: the stricter reading, so a body
 * accepted here is accepted whichever way the service counts (about 14 MB of PDF inline).
 */
export const REQUEST_BODY_LIMIT_BYTES = 20_000_000;

export type InvoiceSource = 'none' | 'binary' | 'url';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function base64Length(byteCount: number): number {
	return 4 * Math.ceil(byteCount / 3);
}

/** Sized before encoding so an oversized file is refused without building a 20 MB string. */
export function inlineInvoice(
	ctx: ItemContext,
	fileName: string,
	bytes: Buffer,
	bodyWithoutInvoice: IDataObject,
): IDataObject {
	const envelope = JSON.stringify({ ...bodyWithoutInvoice, invoice: { fileName, content: '' } });
	const bodyBytes = Buffer.byteLength(envelope) + base64Length(bytes.length);
	if (bodyBytes > REQUEST_BODY_LIMIT_BYTES) {
		throw invalidField(
			ctx,
			'invoice',
			`'${fileName}' is ${megabytes(bytes.length)}, too large to send inline: the request would be ` +
				`${megabytes(bodyBytes)} and the service accepts at most ${megabytes(REQUEST_BODY_LIMIT_BYTES)} ` +
				'(about 14 MB of PDF). Upload the file somewhere reachable and choose Invoice PDF: From URL instead.',
		);
	}
	return { fileName, content: bytes.toString('base64') };
}

export function invoiceByUrl(ctx: ItemContext, fileName: unknown, url: unknown): IDataObject {
	const link = requiredText(ctx, 'invoiceUrl', url);
	let parsed: URL;
	try {
		parsed = new URL(link);
	} catch {
		throw invalidField(ctx, 'invoiceUrl', `must be an http(s) URL, e.g. https://files.example.com/invoice-1042.pdf, got ${quoted(url)}`);
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		throw invalidField(ctx, 'invoiceUrl', `must be an http(s) URL, e.g. https://files.example.com/invoice-1042.pdf, got ${quoted(url)}`);
	}
	const name = optionalText(ctx, 'invoiceFileName', fileName) ?? fileNameFromUrl(parsed);
	return { fileName: name, url: link };
}

function fileNameFromUrl(url: URL): string {
	const lastSegment = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	return lastSegment || 'invoice.pdf';
}

/** Reads the PDF through n8n's binary helpers, so files kept on disk or in S3 work as well. */
export async function invoiceFromBinary(
	context: IExecuteSingleFunctions,
	ctx: ItemContext,
	propertyName: unknown,
	fileName: unknown,
	bodyWithoutInvoice: IDataObject,
): Promise<IDataObject> {
	const property = requiredText(ctx, 'binaryPropertyName', propertyName);
	const binary = context.getInputData().binary?.[property];
	if (!binary) {
		const present = Object.keys(context.getInputData().binary ?? {});
		throw invalidField(
			ctx,
			'binaryPropertyName',
			`'${property}' is not a binary field of the input item` +
				(present.length ? ` (it has: ${present.join(', ')})` : ' (it has no binary data)'),
		);
	}
	const name = optionalText(ctx, 'invoiceFileName', fileName) ?? binary.fileName ?? 'invoice.pdf';
	const bytes = await context.helpers.getBinaryDataBuffer(property);
	return inlineInvoice(ctx, name, bytes, bodyWithoutInvoice);
}
