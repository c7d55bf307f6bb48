/**
 * Every read operation through n8n-core's real execution against the sandbox. The cases run
 * concurrently (one key each) so the one inherent freshness wait (first request of a URL is
 * always stale) is paid once for the whole file.
 */
import { itUnlessHostile, type TestSandbox, type RequestLogEntry } from '../../support/sandbox';
import { allReadCases, readCases, READS_WITH_THEIR_CREATES, type ReadCase } from './cases';
import { fixturesOf, jsonOf, requestsOfKey, runWithKey, startReadSandbox, type CaseRun } from './fixtures';
import { READ_ROWS } from '../contract';

let sandbox: TestSandbox;
let cases: ReadCase[];
const runs = new Map<string, CaseRun>();

beforeAll(async () => {
	sandbox = await startReadSandbox(40);
	cases = allReadCases(fixturesOf(sandbox), READ_ROWS);
	const outputs = await Promise.all(cases.map((entry, index) => runWithKey(sandbox, index, entry.parameters)));
	const log: RequestLogEntry[] = await sandbox.control.log();
	cases.forEach((entry, index) => {
		runs.set(entry.operation, { output: outputs[index], requests: requestsOfKey(log, index) });
	});
});

afterAll(async () => {
	await sandbox?.close();
});

const noFixtures = {
	propertyId: '',
	unitIdWithPhotos: '',
	occupancyWithLetters: '',
	occupancyWithLeaseDocuments: '',
	occupancyWithAttachments: '',
	fileId: '',
	guestCardWithEmails: '',
	emailId: '',
	smsNumber: '',
	bankAccountId: '',
	rentGlAccountId: '',
};
const operations = allReadCases(noFixtures, READ_ROWS).map((entry) => entry.operation);

describe('read operations', () => {
	it('cover every read operation of the contract table once (those of the resources that create: in their write suites)', () => {
		expect([...operations, ...READS_WITH_THEIR_CREATES].sort()).toEqual(READ_ROWS.map(([key]) => key).sort());
	});

	it('write cases only for operations of the contract table', () => {
		const rows = new Set(READ_ROWS.map(([key]) => key));
		expect(readCases(noFixtures).map((entry) => entry.operation).filter((operation) => !rows.has(operation))).toEqual([]);
	});

	it.each(operations)('%s sends the spec request and returns its items', (operation) => {
		const entry = cases.find((candidate) => candidate.operation === operation) as ReadCase;
		const { output, requests } = runs.get(operation) as CaseRun;
		expect(output.error?.message).toBeUndefined();

		expect(requests.length).toBeGreaterThan(0);
		for (const request of requests) {
			// later pages repeat the first URL plus the cursor of links.next
			const { 'page[after]': _cursor, ...query } = request.query;
			expect({ method: request.method, path: request.path, query: entry.query ? query : 'any' }).toEqual({
				method: 'GET',
				path: entry.path,
				query: entry.query ?? 'any',
			});
			expect(request.hasApiKey).toBe(true);
			if (entry.headers?.maxAge !== undefined) expect(request.maxAge).toBeGreaterThanOrEqual(entry.headers.maxAge);
			// later pages read on with it; a repeated first-page look at a running refresh does not (issue 27, gap 6)
			if (entry.headers?.processingMode && _cursor !== undefined) expect(request.processingMode).toBe(entry.headers.processingMode);
		}
		if (entry.headers?.processingMode) expect(requests[0].processingMode).toBe(entry.headers.processingMode);
		expect(requests[requests.length - 1].status).toBe(200);
		if (entry.headers?.maxAge !== undefined) expect(requests[0].maxAge).toBe(entry.headers.maxAge);

		const items = jsonOf(output.items);
		if (entry.count !== undefined) expect(items).toHaveLength(entry.count);
		else expect(items.length).toBeGreaterThan(0);
		for (const item of items) {
			for (const field of entry.fields) expect(item).toHaveProperty(field);
		}
		output.items.forEach((item) => expect(item.pairedItem).toBeDefined());
	});

	itUnlessHostile('a record with null fields cannot show the filter it matched').each(operations)('%s returns items that match its filters', (operation) => {
		const entry = cases.find((candidate) => candidate.operation === operation) as ReadCase;
		const items = jsonOf((runs.get(operation) as CaseRun).output.items);
		if (entry.check) for (const item of items) expect({ item, passes: entry.check(item) }).toEqual({ item, passes: true });
	});
});
