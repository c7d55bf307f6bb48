import type { IDataObject } from 'n8n-workflow';

import { createdRecordLabel } from './createdRecords';
import { apiError, MAY_HAVE_ACTED, serviceMessage, withCreateCaution } from '../errors';
import { cancelledError, ExecutionCancelled } from '../sending/cancellation';
import { exchange, type EngineContext, type EngineSession, type ExchangeRequest } from '../sending/exchange';
import { openSession } from '../session';
import { maxWaitMsOf } from '../settings/settings';
import type { ApiResult, ApiResultDetails, CreateRequest, EngineDeps, EngineOptions, Envelope, ServiceMeta } from '../types';

/**
 * A create, the engine's short path for a POST: exactly one POST, never repeated once the service may
 * have acted (retryPolicy). The spec's service answers with the record; the documented one ("Writing
 * Data") answers at once with `meta.jobId`, and a GET of the same path with `jobId` is polled until the
 * job ends. Polling a job is reading, not re-sending. Rules and the doc page of each: docs/writes.md.
 */

/** First look at a write job: most jobs end within a few seconds, and each look costs a request slot. */
export const FIRST_JOB_POLL_MS = 5_000;

export type WriteResult = ApiResult & ApiResultDetails;

/** Where a user finds a record whose create ended with an unknown outcome (the list is cached: Max Age 60 refreshes it). */
const LOOKUP_BY_PATH: Record<string, string> = {
	'/v1/tenant-charge': "list the occupancy's charges (Tenant Ledger → Get Many with the same Occupancy)",
	'/v1/bills': 'list the bills (Bill → Get Many, filtered by the vendor or property)',
	'/v1/purchase-orders': 'list the purchase orders (Purchase Order → Get Many)',
	'/v1/vendors': 'list the vendors (Vendor → Get Many)',
	'/v1/property-groups': 'list the property groups (Property Group → Get Many)',
};

function lookupOf(session: EngineSession): string {
	return LOOKUP_BY_PATH[session.place.path] ?? `list the records of ${session.place.path} (Get Many)`;
}

/** What to do before an item whose write outcome is unknown is sent again: never a blind re-run. */
function lookUpFirst(session: EngineSession, jobId: string): string {
	return (
		` Before running this item again, look the record up: ${lookupOf(session)}, with Options → Max Age 60 so the list is refreshed.` +
		` Only if it is not there, run the item again; running it again blindly may create the record twice (job ${jobId}).`
	);
}

/** The error of a job whose outcome is unknown, with what its item says under Continue On Fail (errors.ts). */
function withJobOutcomeUnknown<E extends object>(session: EngineSession, error: E, jobId: string): E {
	return withCreateCaution(
		error,
		`The record may have been created (job ${jobId}): ${lookupOf(session)}, with Options → Max Age 60, before running this item again.`,
	);
}

function metaOf(envelope: Envelope): ServiceMeta {
	return { ...(envelope.meta ?? { status: 'ok' }) };
}

/** `errors[]` entries as `{message, field}` objects; a bare string is a message too. */
function listedErrors(envelope: Envelope): IDataObject[] {
	const entries: unknown[] = Array.isArray(envelope.errors) ? envelope.errors : [];
	return entries.flatMap((entry): IDataObject[] => {
		if (typeof entry === 'string' && entry.trim()) return [{ message: entry }];
		return entry && typeof entry === 'object' ? [entry as IDataObject] : [];
	});
}

function recordsOf(envelope: Envelope): IDataObject[] | undefined {
	return Array.isArray(envelope.data) ? envelope.data : undefined;
}

function idsOf(records: IDataObject[]): string {
	return records.map(createdRecordLabel).join(', ');
}

/** The job id of an answer, when it names one (a string or a number). */
function jobIdOf(envelope: Envelope): string | undefined {
	const jobId = envelope.meta?.jobId as unknown;
	if (typeof jobId === 'number' && Number.isFinite(jobId)) return String(jobId);
	return typeof jobId === 'string' && jobId.trim() !== '' ? jobId : undefined;
}

/** A 2xx whose `errors[]` is not empty: the service refused the write (or part of it), in its own words. */
function refusal(session: EngineSession, envelope: Envelope, records: IDataObject[]) {
	const said = serviceMessage({ errors: listedErrors(envelope) }) ?? 'no message given';
	const jobId = jobIdOf(envelope);
	const job = jobId ? ` (job ${jobId})` : '';
	if (records.length > 0) {
		const check = `Created record id(s): ${idsOf(records)}${job}. Check them before running this again.`;
		return withCreateCaution(
			apiError(session.place, `The service created ${session.place.path} but listed problems in errors[]: ${said}`, check, 'none'),
			check,
		);
	}
	return apiError(
		session.place,
		`The service refused ${session.place.path}: ${said}`,
		`Nothing was created${job}.`,
		'none',
	);
}

/** Every answer of the service carries `meta.status`: a create's answer without it nor a record may come from another server. */
function notTheService(session: EngineSession) {
	const error = apiError(
		session.place,
		`The answer to ${session.place.path} does not look like the Property Management API: the record may have been created`,
		`The POST was answered 2xx with a JSON body that has neither meta.status nor the created record. Check the Base URL of the credential (${session.baseUrl}): it may point to another server or lack a path prefix.${MAY_HAVE_ACTED}`,
		'none',
	);
	return withCreateCaution(error);
}

function answeredWithoutRecord(session: EngineSession, envelope: Envelope, jobId?: string) {
	if (typeof envelope.meta?.status !== 'string') return notTheService(session);
	const status = envelope.meta.status;
	const job = jobId ? `job ${jobId}` : 'no job id';
	const error = apiError(
		session.place,
		`The service answered ${session.place.path} without the created record`,
		`The answer (status "${status}", ${job}) carried no record.` + (jobId ? lookUpFirst(session, jobId) : MAY_HAVE_ACTED),
		'none',
	);
	return jobId ? withJobOutcomeUnknown(session, error, jobId) : withCreateCaution(error);
}

/** A poll that fails leaves the job's outcome unknown, not the write undone. */
function withJobCaution(session: EngineSession, error: unknown, jobId: string): unknown {
	const described = error as { description?: string | null };
	if (described && typeof described === 'object' && !String(described.description ?? '').includes(`job ${jobId}`)) {
		described.description =
			`${described.description ?? ''} The write was accepted as job ${jobId} before this check on it broke off; its outcome is unknown.${lookUpFirst(session, jobId)}`.trim();
	}
	return described && typeof described === 'object' ? withJobOutcomeUnknown(session, described, jobId) : error;
}

function done(session: EngineSession, envelope: Envelope, records: IDataObject[]): WriteResult {
	const meta = metaOf(envelope);
	return {
		items: records,
		itemMeta: records.map(() => meta),
		meta,
		requests: session.requests,
		pending: false,
	};
}

/**
 * The answer that ends a job must name it: a service that ignores `?jobId=` answers the plain list
 * (`ok`, up to a page of existing records), and those must never be output as created.
 */
function unprovenJob(session: EngineSession, envelope: Envelope, jobId: string, answeredJob?: string) {
	const records = recordsOf(envelope) ?? [];
	const status = envelope.meta?.status ?? 'unknown';
	const named = answeredJob === undefined ? 'does not name the job' : `names job ${answeredJob}`;
	const error = apiError(
		session.place,
		`The outcome of job ${jobId} on ${session.place.path} is unknown: the answer to its poll ${named}`,
		`GET ${session.place.path}?jobId=${jobId} was answered with status "${status}", ${answeredJob === undefined ? 'no meta.jobId' : `meta.jobId ${answeredJob}`} and ${records.length} record(s);` +
			` without this job's id they cannot be told from records that already existed, so none is output as created.` +
			` The service accepted the write as job ${jobId} and may have created the record.${lookUpFirst(session, jobId)}`,
		'none',
	);
	return withJobOutcomeUnknown(session, error, jobId);
}

/** "When an update completes with an error, meta.status changes to stale" (Response Polling): the job is over. */
function jobEndedUnfinished(session: EngineSession, envelope: Envelope, jobId: string) {
	const status = String(envelope.meta?.status ?? 'unknown');
	const details = envelope.meta?.statusDetails;
	const said = details && typeof details === 'object' ? [details.code, details.message].filter((part) => part !== undefined && part !== '').join(' ') : '';
	const error = apiError(
		session.place,
		`Job ${jobId} on ${session.place.path} ended with status "${status}", not "ok"`,
		`The service reported no record${said ? ` (${said})` : ''} and no errors[] entry, so whether the record was written is unknown.${lookUpFirst(session, jobId)}`,
		'none',
	);
	return withJobOutcomeUnknown(session, error, jobId);
}

async function waitForJob(session: EngineSession, post: ExchangeRequest, jobId: string, options: EngineOptions): Promise<WriteResult> {
	const maxWaitMs = maxWaitMsOf(options);
	const acceptedAt = session.deps.now();
	let delayMs = Math.min(FIRST_JOB_POLL_MS, session.deps.pollIntervalMs);
	let looks = 0;
	for (;;) {
		const waitedMs = session.deps.now() - acceptedAt;
		if (waitedMs >= maxWaitMs) {
			const waitedSeconds = Math.round(waitedMs / 1000);
			const error = apiError(
				session.place,
				`The service accepted ${session.place.path} but was still processing it after ${waitedSeconds} s (job ${jobId})`,
				`The job was still "updating" at the last look (${looks} look(s) over ${waitedSeconds} s; Options → Max Wait ${Math.round(maxWaitMs / 1000)} s): the record may still be created.${lookUpFirst(session, jobId)} Raise Options → Max Wait to wait longer next time.`,
				'none',
			);
			throw withJobOutcomeUnknown(session, error, jobId);
		}
		let envelope: Envelope;
		try {
			// the last look falls on Max Wait itself, as the freshness wait's does
			await session.deps.sleep(Math.min(delayMs, maxWaitMs - waitedMs));
			delayMs = session.deps.pollIntervalMs;
			looks += 1;
			// No X-API-PROCESSING-MODE: it was sent with the POST that started the work; a poll only reads.
			envelope = await exchange(session, { method: 'GET', url: post.url, qs: { ...post.qs, jobId }, headers: {} });
		} catch (error) {
			const stopped = error instanceof ExecutionCancelled;
			throw withJobCaution(session, stopped ? cancelledError(session.place, 'The execution was stopped while the node waited for the write job.') : error, jobId);
		}
		const answeredJob = jobIdOf(envelope);
		if (answeredJob !== undefined && answeredJob !== jobId) throw unprovenJob(session, envelope, jobId, answeredJob);
		if ((envelope.meta?.status ?? 'ok') === 'updating') continue;
		if (answeredJob !== jobId) throw unprovenJob(session, envelope, jobId);
		const records = recordsOf(envelope) ?? [];
		if (listedErrors(envelope).length > 0) throw refusal(session, envelope, records);
		if (envelope.meta?.status !== 'ok') throw jobEndedUnfinished(session, envelope, jobId);
		if (records.length > 0) return done(session, envelope, records);
		throw answeredWithoutRecord(session, envelope, jobId);
	}
}

/**
 * A create whose execution was stopped: before its POST went out nothing was written; once it had gone
 * out (a 429 answered, or its answer cut off by the stop) the record may exist, and the error says so.
 */
function stoppedCreate(session: EngineSession, sentBefore: number) {
	if (session.requests === sentBefore) {
		return cancelledError(session.place, 'The execution was stopped before the create was sent: no record was created.');
	}
	return withCreateCaution(
		cancelledError(session.place, `The execution was stopped after the create had been sent.${MAY_HAVE_ACTED}`),
	);
}

/**
 * Sends one create and returns the created record(s), waiting for the write job where there is one.
 * An answer that carries the record is output, with or without meta; one without it that names a job
 * is an accepted job, whatever its status. Only a 4xx (thrown by exchange) or an `errors[]` entry means
 * that nothing was written.
 */
async function sendCreate(
	session: EngineSession,
	post: ExchangeRequest,
	options: EngineOptions,
	onAccepted?: () => void,
): Promise<WriteResult> {
	const sentBefore = session.requests;
	const envelope = await exchange(session, post).catch((error: unknown) => {
		throw error instanceof ExecutionCancelled ? stoppedCreate(session, sentBefore) : error;
	});
	onAccepted?.();
	const records = recordsOf(envelope) ?? [];
	if (listedErrors(envelope).length > 0) throw refusal(session, envelope, records);
	// the record in hand is the outcome: a meta.jobId beside it may name a refresh job (the spec's envelope)
	if (records.length > 0) return done(session, envelope, records);
	const jobId = jobIdOf(envelope);
	if (jobId !== undefined) return await waitForJob(session, post, jobId, options);
	throw answeredWithoutRecord(session, envelope);
}

/** The writer: the one entry of a create (the hook's, through createOrder.ts). */
export async function createRecord(ctx: EngineContext, req: CreateRequest, options: EngineOptions = {}, deps?: Partial<EngineDeps>): Promise<WriteResult> {
	const { session, first } = await openSession(ctx, { ...req, method: 'POST' }, options, deps);
	return await sendCreate(session, first, options, req.onAccepted);
}
