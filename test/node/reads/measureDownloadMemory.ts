/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Peak memory of one file download through the node (issue 28, item 5); not a jest suite.
 *
 *   /usr/bin/time -v npx tsx test/node/reads/measureDownloadMemory.ts [filesystem|default] [MB]
 *
 * A local service answers Attachment → Get File with a signed URL on a local storage server that
 * streams MB megabytes (generated on the fly, so the server adds no memory). The node runs through
 * n8n-core's real execution with binary data in `filesystem` mode (n8n's file system storage, the
 * mode where streaming can keep memory flat) or `default` (in memory, base64). Prints the RSS before
 * and the peak RSS sampled during the download, in MB; /usr/bin/time -v adds the process's max RSS.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { runNode } from '../../support/n8n';
import { okPage } from '../../support/craftedServer';

// under tsx a bare `X.node` import resolves to the codex file X.node.json (bench/lib/nodes.ts)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PropertyManagement } = require(path.join(__dirname, '../../../nodes/PropertyManagement/PropertyManagement.node.ts')) as typeof import('../../../nodes/PropertyManagement/PropertyManagement.node');

const MB = 1024 * 1024;
const mode = process.argv[2] === 'default' ? 'default' : 'filesystem';
const fileMb = Number(process.argv[3] ?? 200);

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Streams `size` bytes in 64 KiB chunks, honouring back-pressure. */
function storageServer(size: number): Server {
	const chunk = Buffer.alloc(64 * 1024, 7);
	return createServer((req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) });
		let sent = 0;
		const pump = () => {
			while (sent < size) {
				const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
				sent += piece.length;
				if (!res.write(piece)) return void res.once('drain', pump);
			}
			res.end();
		};
		pump();
	});
}

async function main() {
	const storage = storageServer(fileMb * MB);
	const storageUrl = await listen(storage);
	const small = createServer((_req, res) => res.end('warm-up'));
	const smallUrl = await listen(small);
	let signedUrl = `${smallUrl}/warm-up`;
	const service = createServer((req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(okPage('/v1/file', [{ id: 'f1', signedUrl, fileName: 'big.bin', contentType: 'application/octet-stream', fileSize: fileMb * MB }])));
	});
	const serviceUrl = await listen(service);
	const run = async () =>
		await runNode({
			nodeType: new PropertyManagement(),
			parameters: { resource: 'attachment', operation: 'getFile', id: 'f1', options: { download: true, maxFileSize: fileMb + 50 } },
			credentials: { apiKey: 'memory-measure-key-1', baseUrl: serviceUrl },
		});

	// the first run loads every module and puts n8n's in-memory binary store in place
	const warm = await run();
	if (warm.error) throw warm.error;
	const storagePath = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-binary-'));
	if (mode === 'filesystem') {
		const quiet = { debug() {}, info() {}, warn() {}, error() {}, scoped: () => quiet };
		const service = new BinaryDataService({ mode: 'filesystem', localStoragePath: storagePath } as never, quiet as never, quiet as never);
		await service.init();
		Container.set(BinaryDataService, service);
	}
	global.gc?.();
	const before = process.memoryUsage().rss;
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
	signedUrl = `${storageUrl}/big.bin`;
	const { items, error } = await run();
	clearInterval(sampler);
	peak = Math.max(peak, process.memoryUsage().rss);
	const binary = items[0]?.binary?.data;
	console.log(
		JSON.stringify({
			mode,
			fileMb,
			error: error?.message,
			stored: binary ? { fileSize: binary.fileSize, id: binary.id, inlineBase64Mb: Math.round((binary.data?.length ?? 0) / MB) } : undefined,
			rssBeforeMb: Math.round(before / MB),
			rssPeakMb: Math.round(peak / MB),
			peakAboveBeforeMb: Math.round((peak - before) / MB),
		}),
	);
	for (const server of [storage, small, service]) server.close();
	fs.rmSync(storagePath, { recursive: true, force: true });
	process.exit(0);
}

void main();
