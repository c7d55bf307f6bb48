/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { deflateSync } from 'zlib';
import { type Db, nextId, type StoredFile } from '../db/db';

/** A one-page PDF showing the caption; offsets in the xref table are exact so readers accept it. */
export function pdfBytes(caption: string): Buffer {
	const text = caption.replace(/[()\\]/g, '');
	const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	let body = '%PDF-1.4\n';
	const offsets: number[] = [];
	objects.forEach((object, index) => {
		offsets.push(Buffer.byteLength(body));
		body += `${index + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xrefOffset = Buffer.byteLength(body);
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
	return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typed));
	return Buffer.concat([length, typed, crc]);
}

/** a 16x16 RGB square whose colour comes from the caption */
export function pngBytes(caption: string): Buffer {
	const size = 16;
	const hash = crc32(Buffer.from(caption));
	const rgb = [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff];
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const rows = Buffer.alloc(size * (1 + size * 3));
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) rows.set(rgb, y * (1 + size * 3) + 1 + x * 3);
	}
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk('IHDR', header),
		pngChunk('IDAT', deflateSync(rows)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

export function fileBytes(file: StoredFile): Buffer {
	return file.contentType === 'application/pdf' ? pdfBytes(file.caption) : pngBytes(file.caption);
}

export function storeFile(db: Db, fileName: string, contentType: StoredFile['contentType'], caption: string): StoredFile {
	const id = `f${nextId(db, 'file', 900001)}`;
	const file: StoredFile = { id, fileName, contentType, caption, size: 0 };
	file.size = fileBytes(file).length;
	db.files.set(id, file);
	return file;
}

/** the API's view of a stored file; URLs are absolute on the origin the request came in on */
export function fileView(file: StoredFile, origin: string) {
	return {
		id: file.id,
		signedUrl: `${origin}/signed/${file.id}`,
		fileName: file.fileName,
		contentType: file.contentType,
		fileSize: file.size,
	};
}
