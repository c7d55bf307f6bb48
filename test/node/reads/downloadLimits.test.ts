/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Download Files bounded in time and size (issue 28, item 5): a storage host that stalls ends in a
 * time-out error, a file above Options → Max File Size is refused from its `fileSize` before any
 * request, from Content-Length when the answer starts, and by the bytes counted while reading.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { okPage } from '../../support/craftedServer';
import { runNode } from '../../support/n8n';

const KEY = 'download-limits-key-5b1e';
const MB = 1024 * 1024;
const servers: Server[] = [];

interface Storage {
	url: string;
	/** request paths, in arrival order */
	seen: string[];
	/** body bytes written to all responses */
	sent(): number;
}

/** A storage host whose handler decides each answer; counts the body bytes it manages to send. */
async function storage(handler: (res: ServerResponse, write: (bytes: number) => boolean) => void): Promise<Storage> {
	const seen: string[] = [];
	let sent = 0;
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		seen.push(req.url ?? '/');
		const write = (bytes: number) => {
			sent += bytes;
			return res.write(Buffer.alloc(bytes, 1));
		};
		handler(res, write);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, sent: () => sent };
}

/** The service: Attachment → Get File answers with `file`. */
async function service(file: IDataObject): Promise<string> {
	const server = createServer((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(okPage('/v1/file', [{ id: 'f1', fileName: 'report.pdf', contentType: 'application/pdf', ...file }])));
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function getFile(baseUrl: string, options: IDataObject) {
	return await runNode({
		nodeType: new PropertyManagement(),
		parameters: { resource: 'attachment', operation: 'getFile', id: 'f1', options: { download: true, ...options } },
		credentials: { apiKey: KEY, baseUrl },
	});
}

afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		server.close();
	}
});

describe('download time-out', () => {
	it('a signed URL that accepts the connection and never answers: the item fails with the time-out named', async () => {
		const host = await storage(() => {});
		const { error, items } = await getFile(await service({ signedUrl: `${host.url}/signed/f1`, fileSize: 10 }), { downloadTimeout: 1 });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Downloading the file report.pdf of /v1/file took longer than Options → Download Time-Out (1 s)');
		expect(error?.description).toMatch(/did not send the whole file in time/);
		expect(host.seen).toEqual(['/signed/f1']);
	});

	it('a host that stalls halfway through the body: the same time-out error, no partial file', async () => {
		const host = await storage((res, write) => {
			res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(2 * 64 * 1024) });
			write(64 * 1024);
		});
		const { error, items } = await getFile(await service({ signedUrl: `${host.url}/signed/f1` }), { downloadTimeout: 1 });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/took longer than Options → Download Time-Out \(1 s\)/);
	});
});

describe('download size bound', () => {
	it('a fileSize above the default bound (100 MB) is refused before the signed URL is requested', async () => {
		const host = await storage((res) => res.end('never asked'));
		const { error } = await getFile(await service({ signedUrl: `${host.url}/signed/f1`, fileSize: 150 * MB }), {});
		expect(error?.message).toBe('The file report.pdf of /v1/file is larger than Options → Max File Size (100 MB); not downloaded');
		expect(error?.description).toMatch(/^The service gives its size as 150 MB\./);
		expect(host.seen).toEqual([]);
	});

	it('a Content-Length above Max File Size (the service said less): refused when the answer starts', async () => {
		const host = await storage((res, write) => {
			res.writeHead(200, { 'Content-Length': String(3 * MB) });
			write(64 * 1024);
		});
		const { error } = await getFile(await service({ signedUrl: `${host.url}/signed/f1`, fileSize: 1000 }), { maxFileSize: 1 });
		expect(error?.message).toMatch(/larger than Options → Max File Size \(1 MB\); not downloaded/);
		expect(error?.description).toMatch(/^The service gives its size as 3\.0 MB\./);
	});

	it('a body without Content-Length that outgrows Max File Size: stopped while reading', async () => {
		const host = await storage((res, write) => {
			res.writeHead(200, { 'Content-Type': 'application/pdf' });
			const pump = () => {
				while (host.sent() < 5 * MB) if (!write(64 * 1024)) return void res.once('drain', pump);
				res.end();
			};
			pump();
		});
		const { error, items } = await getFile(await service({ signedUrl: `${host.url}/signed/f1` }), { maxFileSize: 1 });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/larger than Options → Max File Size \(1 MB\); not downloaded/);
		expect(error?.description).toMatch(/^Stopped after reading 1\.\d MB\./);
	});

	it('a file within the bound arrives whole, byte for byte, with the MIME type the service gives', async () => {
		const host = await storage((res, write) => {
			res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
			for (let sent = 0; sent < 3 * MB; sent += 256 * 1024) write(256 * 1024);
			res.end();
		});
		const { error, items } = await getFile(await service({ signedUrl: `${host.url}/signed/f1`, fileSize: 3 * MB }), { maxFileSize: 4 });
		expect(error).toBeUndefined();
		const binary = items[0].binary?.data as IBinaryData;
		const bytes = Buffer.from(binary.data, 'base64');
		expect(bytes.length).toBe(3 * MB);
		expect(bytes.every((byte) => byte === 1)).toBe(true);
		expect({ fileName: binary.fileName, mimeType: binary.mimeType }).toEqual({ fileName: 'report.pdf', mimeType: 'application/pdf' });
	});
});

describe('a record without a file', () => {
	it('file null or signedUrl null (any field may be null): the record is output without binary data and says why', async () => {
		for (const file of [{ signedUrl: null }, { signedUrl: undefined, fileName: null }]) {
			const { error, items } = await getFile(await service(file), {});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].binary).toBeUndefined();
			expect(items[0].json._download).toMatch(/^Not downloaded: the service gave no signed URL/);
		}
	});
});
