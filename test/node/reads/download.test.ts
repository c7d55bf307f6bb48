/**
 * Download option of the file-bearing reads: the file behind the signed URL lands in binary "data"
 * byte for byte, and the signed URL is fetched without the API key.
 */
import type { IBinaryData } from 'n8n-workflow';
import { asServed, type TestSandbox } from '../../support/sandbox';
import { byId, fixturesOf, requestsOfKey, runWithKey, startReadSandbox, type ReadFixtures } from './fixtures';

let sandbox: TestSandbox;
let fixtures: ReadFixtures;

beforeAll(async () => {
	sandbox = await startReadSandbox(2);
	fixtures = fixturesOf(sandbox);
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
				id: fixtures.fileId,
				options: { download: true },
			}),
			runWithKey(sandbox, 1, {
				resource: 'letter',
				operation: 'getAll',
				returnAll: true,
				occupancyId: byId(fixtures.occupancyWithLetters),
				options: { download: true },
			}),
		]);
		const log = await sandbox.control.log();

		expect(getFile.error?.message).toBeUndefined();
		expect(getFile.items).toHaveLength(1);
		const expected = storedFile(fixtures.fileId);
		const binary = getFile.items[0].binary?.data as IBinaryData;
		expect(bytesOf(binary).equals(expected.bytes)).toBe(true);
		// the record's type and name, or the file's own Content-Type and Content-Disposition where the
		// record has none (the hostile profile nulls fields of some records)
		expect(binary.mimeType).toBe(expected.contentType);
		expect(binary.fileName).toBe(expected.fileName);
		const served = asServed(sandbox, '/v1/file', { id: fixtures.fileId, fileName: expected.fileName });
		expect(getFile.items[0].json).toMatchObject({ id: fixtures.fileId, fileName: served.fileName });

		const apiRequests = requestsOfKey(log, 0);
		expect(apiRequests.map((entry) => entry.path)).toContain('/v1/file');
		const signed = log.filter((entry) => entry.path === `/signed/${encodeURIComponent(fixtures.fileId)}`);
		expect(signed.length).toBeGreaterThan(0);
		for (const entry of signed) expect({ hasApiKey: entry.hasApiKey, status: entry.status }).toEqual({ hasApiKey: false, status: 200 });

		expect(letters.error?.message).toBeUndefined();
		expect(letters.items.length).toBeGreaterThan(0);
		for (const item of letters.items) {
			const file = item.json.file as { id: string };
			const letterBinary = item.binary?.data as IBinaryData;
			expect(bytesOf(letterBinary).equals(storedFile(file.id).bytes)).toBe(true);
			expect(letterBinary.mimeType).toBe('application/pdf');
		}
		expect(log.filter((entry) => entry.path.startsWith('/signed/') && entry.hasApiKey)).toEqual([]);
	});
});
