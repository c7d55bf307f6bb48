/**
 * Download option of the file-bearing reads: the file behind the signed URL lands in binary "data"
 * byte for byte, and the signed URL is fetched without the API key.
 */
import type { IBinaryData } from 'n8n-workflow';
import { asServed, type TestSandbox } from '../../support/sandbox';
import type { Db } from '../../../sandbox/db/db';
import { byId, requestsOfKey, runWithKey, startReadSandbox } from './fixtures';

let sandbox: TestSandbox;
/** an occupancy attachment's file, and an occupancy with letters, that the service serves with a signed URL */
let fileId: string;
let occupancyWithLetters: string;

/**
 * The hostile profile nulls fields of some records, a file's signedUrl or a letter's file among them
 * (such a record is output without binary data: downloadLimits.test.ts); the cases here need a
 * record that can be downloaded, so they take the first one served whole enough.
 */
function servedWithSignedUrl(path: string, id: Record<string, string>, nested: boolean): boolean {
	const signed = { signedUrl: 'kept' };
	const served = asServed(sandbox, path, nested ? { ...id, file: signed } : { ...id, ...signed }) as {
		signedUrl?: string | null;
		file?: { signedUrl: string | null } | null;
	};
	return (nested ? served.file?.signedUrl : served.signedUrl) != null;
}

function firstOf<T>(values: T[], what: string): T {
	if (!values.length) throw new Error(`the seeded sandbox data has no ${what}`);
	return values[0];
}

beforeAll(async () => {
	sandbox = await startReadSandbox(2);
	const db = sandbox.handle.state.db as Db;
	fileId = firstOf(
		db.attachments
			.filter((entry) => entry.occupancyId !== null)
			.map((entry) => entry.fileId)
			.filter((id) => servedWithSignedUrl('/v1/file', { id }, false)),
		'occupancy attachment served with a signed URL',
	);
	occupancyWithLetters = firstOf(
		db.letters
			.filter((letter) => servedWithSignedUrl('/v1/letters', { upstreamId: letter.upstreamId }, true))
			.map((letter) => letter.occupancyId),
		'letter served with a file',
	);
});

afterAll(async () => {
	await sandbox?.close();
});

function storedFile(fileId: string) {
	const file = sandbox.handle.state.dataModule.readFile(sandbox.handle.state.db, fileId);
	if (!file) throw new Error(`sandbox has no file ${fileId}`);
	return file;
}

function bytesOf(binary: IBinaryData): Buffer {
	return Buffer.from(binary.data, 'base64');
}

describe('downloading files', () => {
	it('attachment Get File puts the file into binary data without sending the API key to the signed URL', async () => {
		const [getFile, letters] = await Promise.all([
			runWithKey(sandbox, 0, {
				resource: 'attachment',
				operation: 'getFile',
				id: fileId,
				options: { download: true },
			}),
			runWithKey(sandbox, 1, {
				resource: 'letter',
				operation: 'getAll',
				returnAll: true,
				occupancyId: byId(occupancyWithLetters),
				options: { download: true },
			}),
		]);
		const log = await sandbox.control.log();

		expect(getFile.error?.message).toBeUndefined();
		expect(getFile.items).toHaveLength(1);
		const expected = storedFile(fileId);
		const binary = getFile.items[0].binary?.data as IBinaryData;
		expect(bytesOf(binary).equals(expected.bytes)).toBe(true);
		// the record's type and name, or the file's own Content-Type and Content-Disposition where the
		// record has none (the hostile profile nulls fields of some records)
		expect(binary.mimeType).toBe(expected.contentType);
		expect(binary.fileName).toBe(expected.fileName);
		const served = asServed(sandbox, '/v1/file', { id: fileId, fileName: expected.fileName });
		expect(getFile.items[0].json).toMatchObject({ id: fileId, fileName: served.fileName });

		const apiRequests = requestsOfKey(log, 0);
		expect(apiRequests.map((entry) => entry.path)).toContain('/v1/file');
		const signed = log.filter((entry) => entry.path === `/signed/${encodeURIComponent(fileId)}`);
		expect(signed.length).toBeGreaterThan(0);
		for (const entry of signed) expect({ hasApiKey: entry.hasApiKey, status: entry.status }).toEqual({ hasApiKey: false, status: 200 });

		expect(letters.error?.message).toBeUndefined();
		expect(letters.items.length).toBeGreaterThan(0);
		const downloaded = letters.items.filter((item) => item.binary?.data !== undefined);
		expect(downloaded.length).toBeGreaterThan(0);
		for (const item of letters.items) {
			const file = item.json.file as { signedUrl: string | null } | null;
			if (!file?.signedUrl) {
				// a letter the hostile profile serves without its file: output as read, saying why
				expect({ binary: item.binary, download: item.json._download }).toEqual({
					binary: undefined,
					download: expect.stringContaining('Not downloaded'),
				});
				continue;
			}
			const letterBinary = item.binary?.data as IBinaryData;
			const letter = (sandbox.handle.state.db as Db).letters.find((entry) => entry.upstreamId === item.json.upstreamId);
			expect(bytesOf(letterBinary).equals(storedFile(letter?.fileId ?? '').bytes)).toBe(true);
			expect(letterBinary.mimeType).toBe('application/pdf');
		}
		expect(log.filter((entry) => entry.path.startsWith('/signed/') && entry.hasApiKey)).toEqual([]);
	});
});
