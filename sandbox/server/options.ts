import type { DataModule, EndpointDef } from '../types';
import type { RequestLogEntry } from './requestLog';

/**
 * Which reading of the service the sandbox plays where the spec and the public docs disagree
 * (every such rule, with both readings: sandbox/README.md).
 * - `spec`: the specification's letter (e.g. a create answers with the record at once).
 * - `documented`: the public documentation (e.g. a create answers with a job id; the record comes later).
 * - `hostile`: the spec profile, but every point the spec leaves open played the way that is hardest
 *   on a client (nulls, irregular pages, bare 429s, unknown parameters refused...; sandbox/hostile/).
 */
export type SandboxProfile = 'spec' | 'documented' | 'hostile';
export const PROFILES: readonly SandboxProfile[] = ['spec', 'documented', 'hostile'];

export interface SandboxOptions {
	/** 0 picks any free port */
	port?: number;
	keys?: string[];
	/** accepted keys that may read but not write: a POST with one answers 403 (README "Keys") */
	readOnlyKeys?: string[];
	/** accepted keys limited to some endpoints: key → path prefixes it may use; others answer 403 */
	limitedKeys?: Record<string, string[]>;
	pageSize?: number;
	jobSeconds?: number;
	seed?: number;
	/**
	 * Portfolio size: seeds about this many units, with every volume (tenants, bills, guest cards, work
	 * orders...) in proportion (sandbox/shared/scale.ts). Unset: the hand-tuned default portfolio.
	 */
	units?: number;
	rateLimit?: boolean;
	profile?: SandboxProfile;
	/** defaults to sandbox/resources' endpoints (loaded lazily so the core runs without them) */
	endpoints?: EndpointDef[];
	/** defaults to sandbox/db (loaded lazily so the core runs without it) */
	dataModule?: DataModule;
	/** called once per logged request, after it was answered (the CLI prints it) */
	onRequestLogged?: (entry: RequestLogEntry) => void;
}

export const DEFAULTS = {
	port: 8787,
	keys: ['sandbox-key'],
	pageSize: 50,
	jobSeconds: 3,
	seed: 20261121,
	rateLimit: true,
	profile: 'spec' as SandboxProfile,
	maxAgeVarianceSeconds: 0,
	failRefreshes: false,
	writeAcceptedStatus: 'ok' as WriteAcceptedStatus,
	jobPollIgnoresJobId: false,
	failWriteJobs: false,
	datesNeedRange: false,
	notifyBeforeAnswer: false,
};

/** documented profile: `meta.status` of the answer to a create POST (the docs only say it carries `meta.jobId`) */
export type WriteAcceptedStatus = 'ok' | 'updating';

/** The settings the control API may change; `reset` restores them from the flags. */
export interface RuntimeConfig {
	pageSize: number;
	jobSeconds: number;
	rateLimit: boolean;
	/** documented profile: offset added to the effective max-age (the docs' ±5 min variance) */
	maxAgeVarianceSeconds: number;
	/** every refresh job fails (the upstream system is down); documented profile: `stale` + statusDetails */
	failRefreshes: boolean;
	/** documented profile: status of the POST's answer (with `meta.jobId`, no `data`); default `ok` */
	writeAcceptedStatus: WriteAcceptedStatus;
	/** documented profile: a GET with `jobId` is answered as the plain read of the path (the docs do not name the parameter) */
	jobPollIgnoresJobId: boolean;
	/** documented profile: every write job ends `stale` with `statusDetails`, no record, no `errors[]`, nothing stored */
	failWriteJobs: boolean;
	/**
	 * documented profile: dateFrom/dateTo only narrow the range, and without dateRange the endpoint's
	 * default range applies (the docs do not say the dates are honoured alone)
	 */
	datesNeedRange: boolean;
	/**
	 * A read that starts or joins a refresh with X-API-NOTIFY-URL: the refresh ends at once and its
	 * notifications are sent and answered before the read's own answer (`updating` + jobId) goes out, so
	 * the caller gets the webhook while it still waits for the answer (the earliest a call can come)
	 */
	notifyBeforeAnswer: boolean;
}

export function loadDefaultEndpoints(): EndpointDef[] {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return (require('../resources') as { endpoints: EndpointDef[] }).endpoints;
}

export function loadDefaultDataModule(): DataModule {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return (require('../db') as { dataModule: DataModule }).dataModule;
}
