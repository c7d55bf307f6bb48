/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from './clock';
import { effectiveMaxAgeSeconds, notifiesWhenAlreadyFresh, REFRESH_FAILED, REFRESH_OK, showsStatusDetails, statusWhenJobStarts, type StatusDetails } from './freshnessRules';
import type { NotifyPayload } from './notify';
import { canonicalQueryKey, formatQuery } from './query';
import type { SandboxProfile } from './options';
import type { RefreshStart } from '../hostile/timeouts';
import type { QueryParams, ReadEndpoint, SandboxContext } from '../types';

export interface Snapshot {
	id: string;
	entryKey: string;
	rows: object[];
	/** Unix seconds, as shown in meta.lastUpdated */
	lastUpdated: number;
	takenAtMs: number;
}

interface Job {
	id: string;
	timer: NodeJS.Timeout;
	notifyUrls: Set<string>;
	/** the refresh runs into the processing mode's time-out and ends with these details (hostile) */
	timedOut?: StatusDetails;
}

interface CacheEntry {
	key: string;
	path: string;
	query: QueryParams;
	params: Record<string, string>;
	endpoint: ReadEndpoint;
	origin: string;
	current?: Snapshot;
	/** the cursors of a few superseded snapshots keep resolving */
	history: Snapshot[];
	expired: boolean;
	job?: Job;
	/** documented profile: the outcome of the last finished refresh, shown as meta.statusDetails */
	lastAttempt?: StatusDetails;
	/** documented profile: a refresh failed and no first-page read has seen it yet */
	failureUnseen?: boolean;
}

export interface FirstPageRequest {
	endpoint: ReadEndpoint;
	path: string;
	query: QueryParams;
	params: Record<string, string>;
	origin: string;
	maxAgeSeconds: number;
	notifyUrl?: string;
	processingMode?: string;
}

export interface FreshnessView {
	status: 'ok' | 'stale' | 'updating';
	snapshot?: Snapshot;
	jobId?: string;
	statusDetails?: StatusDetails;
}

export interface CacheDeps {
	clock: SandboxClock;
	jobSeconds(): number;
	profile(): SandboxProfile;
	/** documented profile only: the offset played for the docs' ±5 min max-age variance */
	maxAgeVarianceSeconds(): number;
	/** control API `failRefreshes`: every refresh job fails, as when the upstream system is down */
	refreshesFail(): boolean;
	/** a refresh that runs into the processing mode's time-out (hostile): how long it lasts and how it ends */
	refreshTimeout?(start: RefreshStart): { seconds: number; details: StatusDetails } | undefined;
	context(origin: string): SandboxContext;
	/** resolves once the receiver answered (or did not) */
	notify(url: string, payload: NotifyPayload): Promise<void>;
}

const SUPERSEDED_SNAPSHOTS_KEPT = 5;
/**
 * The spec's transition "refresh job completes, polling the same URL → ok" must hold even for a client
 * that asked for X-API-MAX-AGE: 0 and polls every 10 s; so a snapshot this young is always fresh enough.
 */
export const JUST_REFRESHED_SECONDS = 15;

export function cacheKey(path: string, query: QueryParams): string {
	return `${path}?${canonicalQueryKey(query)}`;
}

/** The service's cache: one entry per path + query, refreshed by background jobs (README "Freshness"). */
export class FreshnessCache {
	private entries = new Map<string, CacheEntry>();
	private snapshots = new Map<string, Snapshot>();

	constructor(private readonly deps: CacheDeps) {}

	readFirstPage(request: FirstPageRequest): FreshnessView {
		const key = cacheKey(request.path, request.query);
		let entry = this.entries.get(key);
		if (!entry) {
			entry = { ...request, key, history: [], expired: false };
			this.entries.set(key, entry);
		}
		const profile = this.deps.profile();
		const details = showsStatusDetails(profile) ? entry.lastAttempt : undefined;
		if (entry.job) return { ...this.joinJob(entry, 'updating', request.notifyUrl), statusDetails: details };
		if (entry.failureUnseen && showsStatusDetails(profile)) {
			entry.failureUnseen = false;
			return { status: 'stale', snapshot: entry.current, statusDetails: details };
		}
		const maxAge = effectiveMaxAgeSeconds(profile, request.maxAgeSeconds, this.deps.maxAgeVarianceSeconds());
		if (!entry.current || entry.expired || this.tooOld(entry.current, maxAge)) {
			this.startJob(entry, request.processingMode);
			return { ...this.joinJob(entry, statusWhenJobStarts(profile), request.notifyUrl), statusDetails: details };
		}
		if (request.notifyUrl && notifiesWhenAlreadyFresh(profile)) {
			void this.deps.notify(request.notifyUrl, notification(entry, entry.current));
		}
		return { status: 'ok', snapshot: entry.current, statusDetails: details };
	}

	/** Max-age is not applied to cursor pages; a superseded snapshot answers `stale` with its pinned rows. */
	readPinned(snapshotId: string, path: string, query: QueryParams): FreshnessView {
		const snapshot = this.snapshots.get(snapshotId);
		if (!snapshot || snapshot.entryKey !== cacheKey(path, query)) return { status: 'stale' };
		const entry = this.entries.get(snapshot.entryKey);
		return { status: entry?.current === snapshot ? 'ok' : 'stale', snapshot };
	}

	/** The entry's newest snapshot (hostile: a cursor that follows the list reads on in it). */
	currentSnapshot(path: string, query: QueryParams): Snapshot | undefined {
		return this.entries.get(cacheKey(path, query))?.current;
	}

	/** Marks entries at or below each path as expired; returns how many. */
	expire(pathPrefixes?: string[]): number {
		let count = 0;
		for (const entry of this.entries.values()) {
			if (pathPrefixes && !pathPrefixes.some((prefix) => isUnder(entry.path, prefix))) continue;
			entry.expired = true;
			count++;
		}
		return count;
	}

	/** As a service restart would: every entry, snapshot and running job is gone. */
	clear(): void {
		for (const entry of this.entries.values()) if (entry.job) clearTimeout(entry.job.timer);
		this.entries.clear();
		this.snapshots.clear();
	}

	private tooOld(snapshot: Snapshot, maxAgeSeconds: number): boolean {
		const age = this.ageSeconds(snapshot);
		return age > maxAgeSeconds && age >= JUST_REFRESHED_SECONDS;
	}

	private joinJob(entry: CacheEntry, status: 'stale' | 'updating', notifyUrl?: string): FreshnessView {
		const job = entry.job as Job;
		if (notifyUrl) job.notifyUrls.add(notifyUrl);
		return { status, snapshot: entry.current, jobId: job.id };
	}

	private startJob(entry: CacheEntry, processingMode?: string): void {
		const id = `job_${randomBytes(8).toString('hex')}`;
		const start = { path: entry.path, parameterNames: Object.keys(entry.query), processingMode, single: entry.endpoint.single === true };
		const timeout = this.deps.refreshTimeout?.(start);
		const timer = setTimeout(() => this.finishJob(entry), (timeout?.seconds ?? this.deps.jobSeconds()) * 1000);
		entry.job = { id, timer, notifyUrls: new Set(), timedOut: timeout?.details };
	}

	/** control `notifyBeforeAnswer`: the entry's running job ends now; resolves once its notifications were answered */
	async finishJobNow(path: string, query: QueryParams): Promise<void> {
		const entry = this.entries.get(cacheKey(path, query));
		if (!entry?.job) return;
		clearTimeout(entry.job.timer);
		await Promise.all(this.finishJob(entry));
	}

	/** returns the notifications sent, each resolving once its receiver answered */
	private finishJob(entry: CacheEntry): Promise<void>[] {
		const job = entry.job;
		entry.job = undefined;
		if (!job || this.entries.get(entry.key) !== entry) return [];
		let rows: object[];
		if (job.timedOut) {
			entry.lastAttempt = job.timedOut;
			entry.failureUnseen = true;
			return [];
		}
		try {
			if (this.deps.refreshesFail()) throw new Error('failRefreshes is set');
			// a snapshot is the data as it was when taken: a record changed since shows as it was then
			rows = structuredClone(entry.endpoint.list(this.deps.context(entry.origin), entry.query, entry.params));
		} catch (error) {
			// the old snapshot stays; spec: the next read starts another job; documented: it answers stale first
			if (!this.deps.refreshesFail()) console.error(`sandbox: refresh of ${entry.path} failed:`, error);
			entry.lastAttempt = REFRESH_FAILED;
			entry.failureUnseen = true;
			return [];
		}
		entry.lastAttempt = REFRESH_OK;
		entry.failureUnseen = false;
		const snapshot = this.storeSnapshot(entry, rows);
		return [...job.notifyUrls].map((url) => this.deps.notify(url, notification(entry, snapshot, job.id)));
	}

	private storeSnapshot(entry: CacheEntry, rows: object[]): Snapshot {
		const now = this.deps.clock.now().getTime();
		const snapshot: Snapshot = {
			id: randomBytes(9).toString('base64url'),
			entryKey: entry.key,
			rows,
			lastUpdated: Math.floor(now / 1000),
			takenAtMs: now,
		};
		if (entry.current) entry.history.unshift(entry.current);
		for (const dropped of entry.history.splice(SUPERSEDED_SNAPSHOTS_KEPT)) this.snapshots.delete(dropped.id);
		entry.current = snapshot;
		entry.expired = false;
		this.snapshots.set(snapshot.id, snapshot);
		return snapshot;
	}

	private ageSeconds(snapshot: Snapshot): number {
		return Math.floor((this.deps.clock.now().getTime() - snapshot.takenAtMs) / 1000);
	}
}

function isUnder(path: string, prefix: string): boolean {
	const trimmed = prefix.replace(/\/+$/, '');
	return path === trimmed || path.startsWith(`${trimmed}/`);
}

function notification(entry: CacheEntry, snapshot: Snapshot, jobId?: string): NotifyPayload {
	return {
		...(jobId ? { jobId } : {}),
		path: entry.path,
		query: entry.query,
		status: 'ok',
		lastUpdated: snapshot.lastUpdated,
		url: firstPageUrl(entry),
	};
}

function firstPageUrl(entry: CacheEntry): string {
	const search = formatQuery(entry.query);
	return `${entry.origin}${entry.path}${search ? `?${search}` : ''}`;
}
