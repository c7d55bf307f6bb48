/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { ServerResponse } from 'node:http';
import { sendError } from './http';
import type { SandboxState } from './state';

export const SIGNED_PREFIX = '/signed/';

/** Signed file URLs carry their own authority: no key, no rate limit (README "Other"). */
export function serveSignedFile(state: SandboxState, res: ServerResponse, path: string): void {
	const fileId = decodeURIComponent(path.slice(SIGNED_PREFIX.length));
	const file = fileId ? state.dataModule.readFile(state.db, fileId) : undefined;
	if (!file) {
		sendError(res, 404, 'Unknown or expired file link', 'not_found');
		return;
	}
	res.writeHead(200, {
		'Content-Type': file.contentType,
		'Content-Length': file.bytes.length,
		'Content-Disposition': `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`,
	});
	res.end(file.bytes);
}
