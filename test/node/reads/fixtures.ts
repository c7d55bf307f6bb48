/**
 * A sandbox for the read tests, one API key per case (so each case's requests are told apart in
 * the log and no case waits for another's rate-limit slot), and the ids the cases ask for, chosen
 * from the seeded upstream data so every request has something to return.
 */
import type { INodeParameters, INodeExecutionData } from 'n8n-workflow';
import { recordsOf, type Db } from '../../../sandbox/db/db';
import { BANK_ACCOUNTS } from '../../../sandbox/resources/bankAccount/data';
import type { BankAccount } from '../../../sandbox/resources/bankAccount/schema';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { runNode, type RunNodeOutput } from '../../support/n8n';
import { startTestSandbox, type RequestLogEntry, type TestSandbox } from '../../support/sandbox';

export interface ReadFixtures {
	propertyId: string;
	unitIdWithPhotos: string;
	occupancyWithLetters: string;
	occupancyWithLeaseDocuments: string;
	occupancyWithAttachments: string;
	fileId: string;
	guestCardWithEmails: string;
	emailId: string;
	smsNumber: string;
	bankAccountId: string;
	rentGlAccountId: string;
}

function first<T>(values: T[], what: string): T {
	if (!values.length) throw new Error(`the seeded sandbox data has no ${what}`);
	return values[0];
}

export function fixturesOf(sandbox: TestSandbox): ReadFixtures {
	const db = sandbox.handle.state.db as Db;
	const photo = first(db.unitPhotos, 'unit photo');
	const attachment = first(
		db.attachments.filter((entry) => entry.occupancyId !== null),
		'occupancy attachment',
	);
	const guestCardEmail = first(
		db.emails.filter((entry) => entry.guestCardId !== null),
		'guest card email',
	);
	return {
		propertyId: photo.propertyId,
		unitIdWithPhotos: photo.unitId,
		occupancyWithLetters: first(db.letters, 'letter').occupancyId,
		occupancyWithLeaseDocuments: first(db.leaseDocuments, 'lease document').occupancyId,
		occupancyWithAttachments: attachment.occupancyId as string,
		fileId: attachment.fileId,
		guestCardWithEmails: guestCardEmail.guestCardId as string,
		emailId: first(db.emails, 'email').summary.upstreamId,
		smsNumber: first(db.sms, 'text message').remotePartyNumber,
		bankAccountId: String(first(recordsOf<BankAccount>(db, BANK_ACCOUNTS), 'bank account').upstreamId),
		rentGlAccountId: first(db.glAccounts.filter((account) => account.number === '4100'), 'rent income account').upstreamId,
	};
}

/** Sandbox refresh jobs finish at once; the engine's one 10 s poll per case is all the waiting. */
export async function startReadSandbox(keyCount: number): Promise<TestSandbox> {
	const keys = Array.from({ length: keyCount }, (_, index) => `read-test-key-${index + 1}`);
	return await startTestSandbox({ keys, jobSeconds: 0 });
}

export interface CaseRun {
	output: RunNodeOutput;
	/** API requests the case made (its own key), in arrival order */
	requests: RequestLogEntry[];
}

export function byId(value: string) {
	return { __rl: true, mode: 'id', value };
}

export async function runWithKey(
	sandbox: TestSandbox,
	keyIndex: number,
	parameters: INodeParameters,
): Promise<RunNodeOutput> {
	return await runNode({
		nodeType: new PropertyManagement(),
		parameters,
		credentials: { apiKey: sandbox.keys[keyIndex], baseUrl: sandbox.url },
	});
}

export function requestsOfKey(log: RequestLogEntry[], keyIndex: number): RequestLogEntry[] {
	return log.filter((entry) => entry.key === `key#${keyIndex + 1}`);
}

export function jsonOf(items: INodeExecutionData[]) {
	return items.map((item) => item.json);
}
