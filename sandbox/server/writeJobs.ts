/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from './clock';
import { redactedBody } from './envelope';
import { REFRESH_FAILED, type StatusDetails } from './freshnessRules';
import type { ErrorItem } from './http';
import type { WriteAcceptedStatus } from './options';
import { HttpError, type CreateEndpoint, type SandboxContext } from '../types';

/**
 * Asynchronous writes as the public docs describe them (profile `documented`, and a seeded share of the
 * hostile profile's creates, sandbox/hostile/writes.ts): the POST is accepted at
 * once with a job id; the create itself (validation included) runs when the job ends, and a GET on the
 * same path with `jobId=<id>` answers `updating` until then, then `ok` with the record or `errors`.
 */
interface WriteJob {
	id: string;
	path: string;
	body: unknown;
	endsAtMs: number;
	outcome?: { created: object; lastUpdated: number } | { errors: ErrorItem[] } | { failed: StatusDetails };
	timer: NodeJS.Timeout;
	/** how the created record is shown in the job's answer (hostile: with nulls) */
	present?: (created: object) => object;
}

/** per-job readings of the hostile profile; the documented profile takes the control API's */
export interface AcceptOptions {
	acceptedStatus?: WriteAcceptedStatus;
	present?: (created: object) => object;
}

export interface WriteJobDeps {
	clock: SandboxClock;
	jobSeconds(): number;
	/** status of the POST's answer (control API `writeAcceptedStatus`) */
	acceptedStatus(): WriteAcceptedStatus;
	/** control API `failWriteJobs`: the job ends `stale`, nothing stored */
	writesFail(): boolean;
	context(origin: string): SandboxContext;
	/** read paths whose caches a successful create expires */
	expire(paths: string[]): void;
}

export interface JobAnswer {
	meta: {
		status: 'updating' | 'ok' | 'stale';
		path: string;
		query: unknown;
		count: number;
		lastUpdated: number | null;
		jobId: string;
		statusDetails?: StatusDetails;
	};
	data?: object[];
	errors: ErrorItem[];
}

export class WriteJobs {
	private jobs = new Map<string, WriteJob>();

	constructor(private readonly deps: WriteJobDeps) {}

	/** Accepts a create; the endpoint runs when the job ends. */
	accept(endpoint: CreateEndpoint, path: string, body: unknown, origin: string, options: AcceptOptions = {}): JobAnswer {
		const id = `wjob_${randomBytes(8).toString('hex')}`;
		const delayMs = this.deps.jobSeconds() * 1000;
		const job: WriteJob = {
			id,
			path,
			body,
			endsAtMs: Date.now() + delayMs,
			timer: setTimeout(() => this.finish(job, endpoint, origin), delayMs),
			present: options.present,
		};
		job.timer.unref?.();
		this.jobs.set(id, job);
		const accepted = this.answer(job);
		return { ...accepted, meta: { ...accepted.meta, status: options.acceptedStatus ?? this.deps.acceptedStatus() } };
	}

	/** undefined when no job of that id was accepted on that path */
	status(path: string, jobId: string): JobAnswer | undefined {
		const job = this.jobs.get(jobId);
		return job && job.path === path ? this.answer(job) : undefined;
	}

	clear(): void {
		for (const job of this.jobs.values()) clearTimeout(job.timer);
		this.jobs.clear();
	}

	private finish(job: WriteJob, endpoint: CreateEndpoint, origin: string): void {
		if (this.deps.writesFail()) {
			job.outcome = { failed: REFRESH_FAILED };
			return;
		}
		try {
			const created = endpoint.create(this.deps.context(origin), job.body);
			this.deps.expire(endpoint.invalidates);
			job.outcome = { created, lastUpdated: Math.floor(this.deps.clock.now().getTime() / 1000) };
		} catch (error) {
			if (!(error instanceof HttpError)) {
				console.error(`sandbox: write job ${job.id} on ${job.path} failed:`, error);
				job.outcome = { errors: [{ code: 'internal_error', message: 'The write failed inside the service' }] };
				return;
			}
			const item: ErrorItem = { code: error.code, message: error.message };
			if (error.field !== undefined) item.field = error.field;
			job.outcome = { errors: [item] };
		}
	}

	private answer(job: WriteJob): JobAnswer {
		const meta = {
			status: 'updating' as JobAnswer['meta']['status'],
			path: job.path,
			query: redactedBody(job.body),
			count: 0,
			lastUpdated: null as number | null,
			jobId: job.id,
		};
		const outcome = job.outcome;
		if (!outcome) return { meta, errors: [] };
		// Response Polling: "when an update completes with an error, meta.status changes to stale"
		if ('failed' in outcome) return { meta: { ...meta, status: 'stale', statusDetails: outcome.failed }, errors: [] };
		if ('errors' in outcome) return { meta: { ...meta, status: 'ok' }, data: [], errors: outcome.errors };
		const created = job.present ? job.present(outcome.created) : outcome.created;
		return { meta: { ...meta, status: 'ok', count: 1, lastUpdated: outcome.lastUpdated }, data: [created], errors: [] };
	}
}
