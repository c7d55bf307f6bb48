import { FreshnessCache } from './cache';
import { SandboxClock } from './clock';
import { FaultQueue } from './faults';
import { HostileRateLimit } from '../hostile/rateLimit';
import { DEFAULT_MODE_TIMEOUT_SECONDS, HostileTimeouts } from '../hostile/timeouts';
import { type NotificationRecord, type NotifyPayload, postNotification } from './notify';
import { DEFAULTS, loadDefaultDataModule, loadDefaultEndpoints, type RuntimeConfig, type SandboxOptions, type SandboxProfile } from './options';
import { RateLimiter } from './rateLimit';
import { RequestLog } from './requestLog';
import { Router } from './routing';
import type { DataModule, SandboxContext } from '../types';
import { WriteJobs } from './writeJobs';

/** Everything one running sandbox knows; the HTTP layers (api, control, files) read and change it. */
export class SandboxState {
	readonly clock = new SandboxClock();
	readonly faults = new FaultQueue();
	readonly log = new RequestLog();
	readonly limiter = new RateLimiter();
	/** every notify POST sent and what its receiver answered, oldest first */
	readonly notifications: NotificationRecord[] = [];
	/** hostile profile: which 429s go without Retry-After */
	readonly hostileLimit: HostileRateLimit;
	/** hostile profile: which refreshes time out (it remembers the list shapes refreshed so far) */
	readonly hostileTimeouts: HostileTimeouts;
	readonly router: Router;
	readonly dataModule: DataModule;
	readonly keys: string[];
	readonly readOnlyKeys: ReadonlySet<string>;
	private readonly limitedKeys: ReadonlyMap<string, string[]>;
	readonly seed: number;
	readonly units?: number;
	readonly profile: SandboxProfile;
	readonly flags: RuntimeConfig;
	readonly cache: FreshnessCache;
	/** asynchronous creates of the `documented` profile */
	readonly writeJobs: WriteJobs;
	config: RuntimeConfig;
	db: unknown;

	constructor(options: SandboxOptions) {
		const writeKeys = options.keys?.length ? [...options.keys] : [...DEFAULTS.keys];
		this.readOnlyKeys = new Set(options.readOnlyKeys ?? []);
		this.limitedKeys = new Map(Object.entries(options.limitedKeys ?? {}));
		this.keys = [...new Set([...writeKeys, ...this.readOnlyKeys, ...this.limitedKeys.keys()])];
		this.seed = options.seed ?? DEFAULTS.seed;
		this.units = options.units;
		this.hostileLimit = new HostileRateLimit(this.seed);
		this.hostileTimeouts = new HostileTimeouts(this.seed);
		this.profile = options.profile ?? DEFAULTS.profile;
		this.flags = {
			pageSize: options.pageSize ?? DEFAULTS.pageSize,
			jobSeconds: options.jobSeconds ?? DEFAULTS.jobSeconds,
			rateLimit: options.rateLimit ?? DEFAULTS.rateLimit,
			maxAgeVarianceSeconds: DEFAULTS.maxAgeVarianceSeconds,
			failRefreshes: DEFAULTS.failRefreshes,
			writeAcceptedStatus: DEFAULTS.writeAcceptedStatus,
			jobPollIgnoresJobId: DEFAULTS.jobPollIgnoresJobId,
			failWriteJobs: DEFAULTS.failWriteJobs,
			datesNeedRange: DEFAULTS.datesNeedRange,
			notifyBeforeAnswer: DEFAULTS.notifyBeforeAnswer,
		};
		this.config = { ...this.flags };
		this.router = new Router(options.endpoints ?? loadDefaultEndpoints());
		this.dataModule = options.dataModule ?? loadDefaultDataModule();
		this.db = this.dataModule.createDb(this.seed, this.clock.now(), this.units);
		this.cache = new FreshnessCache({
			clock: this.clock,
			jobSeconds: () => this.config.jobSeconds,
			profile: () => this.profile,
			maxAgeVarianceSeconds: () => this.config.maxAgeVarianceSeconds,
			refreshesFail: () => this.config.failRefreshes,
			refreshTimeout: (start) => {
				const details = this.profile === 'hostile' ? this.hostileTimeouts.refreshTimeout(start) : undefined;
				return details && { seconds: DEFAULT_MODE_TIMEOUT_SECONDS, details };
			},
			context: (origin) => this.context(origin),
			notify: (url, payload) => this.notify(url, payload),
		});
		this.writeJobs = new WriteJobs({
			clock: this.clock,
			jobSeconds: () => this.config.jobSeconds,
			acceptedStatus: () => this.config.writeAcceptedStatus,
			writesFail: () => this.config.failWriteJobs,
			context: (origin) => this.context(origin),
			expire: (paths) => void this.cache.expire(paths),
		});
	}

	context(origin: string): SandboxContext {
		return {
			now: () => this.clock.now(),
			db: this.db,
			origin,
			profile: this.profile,
			seed: this.seed,
			datesNeedRange: this.profile === 'documented' && this.config.datesNeedRange,
		};
	}

	/** `key#<n>`: a stable label that lets logs tell keys apart without ever showing one. */
	keyLabel(key: string | undefined): string | null {
		const index = key === undefined ? -1 : this.keys.indexOf(key);
		return index < 0 ? null : `key#${index + 1}`;
	}

	isReadOnly(key: string | undefined): boolean {
		return key !== undefined && this.readOnlyKeys.has(key);
	}

	/** A key limited to some endpoints may use only paths at or below the prefixes it was given. */
	mayUse(key: string | undefined, path: string): boolean {
		const allowed = key === undefined ? undefined : this.limitedKeys.get(key);
		return !allowed || allowed.some((prefix) => path === prefix || path.startsWith(`${prefix.replace(/\/+$/, '')}/`));
	}

	private async notify(url: string, payload: NotifyPayload): Promise<void> {
		const sentAt = Date.now();
		const status = await postNotification(url, payload);
		this.notifications.push({ sentAt, answeredAt: Date.now(), url, jobId: payload.jobId ?? null, path: payload.path, status });
	}

	reset(): void {
		this.notifications.length = 0;
		this.clock.reset();
		this.config = { ...this.flags };
		this.cache.clear();
		this.writeJobs.clear();
		this.faults.clear();
		this.log.clear();
		this.limiter.clear();
		this.hostileLimit.reset();
		this.db = this.dataModule.createDb(this.seed, this.clock.now(), this.units);
	}

	restart(): void {
		this.cache.clear();
	}

	close(): void {
		this.cache.clear();
		this.writeJobs.clear();
	}
}
