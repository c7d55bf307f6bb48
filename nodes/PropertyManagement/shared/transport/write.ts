import type { IDataObject } from 'n8n-workflow';

import { apiError, MAY_HAVE_ACTED, serviceMessage } from './errors';
import { exchange, type EngineSession, type ExchangeRequest } from './exchange';
import { DEFAULT_MAX_WAIT_SECONDS } from './freshness';
import type { ApiResult, ApiResultDetails, EngineOptions, Envelope, ServiceMeta } from './types';

/**
 * A create, the engine's short path for a POST: exactly one POST, never repeated once the service may
 * have acted (retryPolicy). The spec's service answers with the record; the documented one answers at
 * once with `meta.jobId` and no `data`, and a GET of the same path with `jobId` is polled until the job
 * ends. Polling a job is reading, not re-sending.
 */

/** First look at a write job: most jobs end within a few seconds, and each look costs a request slot. */
export const FIRST_JOB_POLL_MS = 5_000;

export type WriteResult = ApiResult & ApiResultDetails;

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
	return records.map((record) => String(record.upstreamId ?? record.id ?? '?')).join(', ');
}

/** A 2xx whose `errors[]` is not empty: the service refused the write (or part of it), in its own words. */
function refusal(session: EngineSession, envelope: Envelope, records: IDataObject[]) {
	const said = serviceMessage({ errors: listedErrors(envelope) }) ?? 'no message given';
	const jobId = envelope.meta?.jobId;
	const job = jobId ? ` (job ${jobId})` : '';
	if (records.length > 0) {
		return apiError(
			session.place,
			`The service created ${session.place.path} but reported errors: ${said}`,
			`Created record id(s): ${idsOf(records)}${job}. Check them before running this again.`,
			'none',
		);
	}
	return apiError(
		session.place,
		`The service refused ${session.place.path}: ${said}`,
		`Nothing was created${job}.`,
		'none',
	);
}

function answeredWithoutRecord(session: EngineSession, envelope: Envelope) {
	const status = envelope.meta?.status ?? 'unknown';
	const job = envelope.meta?.jobId ? `job ${envelope.meta.jobId}` : 'no job id';
	return apiError(
		session.place,
		`The service answered ${session.place.path} without the created record`,
		`The answer (status "${status}", ${job}) carried no record.${MAY_HAVE_ACTED}`,
		'none',
	);
}

/** A poll that fails leaves the job's outcome unknown, not the write undone. */
function withJobCaution(error: unknown, jobId: string): unknown {
	const described = error as { description?: string | null };
	if (
		described &&
		typeof described === 'object' &&
		!String(described.description ?? '').includes(MAY_HAVE_ACTED)
	) {
		described.description =
			`${described.description ?? ''} The write was accepted as job ${jobId} before this poll failed.${MAY_HAVE_ACTED}`.trim();
	}
	return error;
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

/** What an answer (the POST's or a job poll's) says; undefined while the job is still running. */
function settled(
	session: EngineSession,
	envelope: Envelope,
	final: boolean,
): WriteResult | undefined {
	const records = recordsOf(envelope);
	if (listedErrors(envelope).length > 0) throw refusal(session, envelope, records ?? []);
	const ended = final || (envelope.meta?.status ?? 'ok') === 'ok';
	if (!ended) return undefined;
	if (records && records.length > 0) return done(session, envelope, records);
	throw answeredWithoutRecord(session, envelope);
}

async function waitForJob(
	session: EngineSession,
	post: ExchangeRequest,
	jobId: string,
	options: EngineOptions,
): Promise<WriteResult> {
	const maxWaitMs = (options.maxWait ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
	const acceptedAt = session.deps.now();
	const headers: IDataObject = {};
	if (post.headers['X-API-PROCESSING-MODE'])
		headers['X-API-PROCESSING-MODE'] = post.headers['X-API-PROCESSING-MODE'];
	let delayMs = Math.min(FIRST_JOB_POLL_MS, session.deps.pollIntervalMs);
	for (;;) {
		if (session.deps.now() - acceptedAt + delayMs > maxWaitMs) {
			throw apiError(
				session.place,
				`The service accepted ${session.place.path} but was still processing it after ${Math.round(maxWaitMs / 1000)} s (job ${jobId})`,
				`The write was accepted and may still create the record: check (e.g. with Get Many) before running this again. Raise Options → Max Wait to wait longer.`,
				'none',
			);
		}
		await session.deps.sleep(delayMs);
		delayMs = session.deps.pollIntervalMs;
		let envelope: Envelope;
		try {
			envelope = await exchange(session, {
				method: 'GET',
				url: post.url,
				qs: { ...post.qs, jobId },
				headers,
			});
		} catch (error) {
			throw withJobCaution(error, jobId);
		}
		if (envelope.meta?.jobId !== undefined && envelope.meta.jobId !== jobId) {
			throw apiError(
				session.place,
				`The service answered the poll of job ${jobId} with job ${String(envelope.meta.jobId)}`,
				`The write was accepted and may have created the record.${MAY_HAVE_ACTED}`,
				'none',
			);
		}
		const result = settled(session, envelope, false);
		if (result) return result;
	}
}

/** Sends one create and returns the created record(s), waiting for the write job where there is one. */
export async function sendCreate(
	session: EngineSession,
	post: ExchangeRequest,
	options: EngineOptions,
	onAccepted?: () => void,
): Promise<WriteResult> {
	const envelope = await exchange(session, post);
	onAccepted?.();
	const jobId = envelope.meta?.jobId;
	const hasJob = typeof jobId === 'string' && jobId !== '';
	const result = settled(session, envelope, !hasJob);
	if (result) return result;
	return await waitForJob(session, post, jobId as string, options);
}
