/** Contract between the sandbox's HTTP core (server/) and its resources (resources/, db/). */
import type { z } from 'zod';
import type { Db } from './db/db';
import type { Random } from './shared/random';

export type QueryParams = Record<string, string | string[]>;

export class HttpError extends Error {
	constructor(
		public status: number,
		message: string,
		public field?: string,
		public code = status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'invalid_request',
	) {
		super(message);
	}
}

export interface SandboxContext {
	/** the sandbox clock (settable through the control API) */
	now(): Date;
	/** the in-memory "upstream" database; its shape is sandbox/db/db.ts */
	db: unknown;
	/** origin the request came in on, e.g. http://127.0.0.1:8787 (for absolute signed file URLs) */
	origin: string;
	/** which reading of the service to play where spec and docs disagree */
	profile: 'spec' | 'documented' | 'hostile';
	/** the data seed: the hostile profile's choices are drawn from it */
	seed?: number;
	/** the hostile profile's check run of a create on a copy of the data (nothing it stores lasts; the body is a proxy) */
	dryRun?: boolean;
	/** control API `datesNeedRange` in the documented profile: dateFrom/dateTo only narrow the (default) range */
	datesNeedRange?: boolean;
}

export interface ReadEndpoint {
	kind: 'read';
	/** express-style pattern, e.g. /v1/bills/:upstreamId */
	path: string;
	/** runs when the request arrives: throw HttpError for 400/403/404 (nothing is cached then) */
	validate?(ctx: SandboxContext, query: QueryParams, params: Record<string, string>): void;
	/** runs when a refresh job completes: the rows of the new snapshot, in service order */
	list(ctx: SandboxContext, query: QueryParams, params: Record<string, string>): object[];
	/** single-object reads (me, email, bills/{id}) are never paged */
	single?: boolean;
}

export interface CreateEndpoint {
	kind: 'create';
	path: string;
	/** validate and store; throw HttpError(400, msg, field) on bad input; return the stored object */
	create(ctx: SandboxContext, body: unknown): object;
	/** read paths whose cache entries go stale after a successful create */
	invalidates: string[];
}

export type EndpointDef = ReadEndpoint | CreateEndpoint;

/** One folder of sandbox/resources/: its endpoints and the item schema of each (`'GET /v1/units'`). */
export interface SandboxResource {
	endpoints: EndpointDef[];
	itemSchemas: Record<string, z.ZodType>;
	/** records of its own, seeded after the portfolio (db/index.ts createDb), read with `recordsOf` */
	records?: SeededRecords;
}

/**
 * How a resource seeds its records from its own folder. `generate` gets a random stream of its own
 * (seeded with `salt`): drawing from the portfolio's stream would change every record after it.
 */
export interface SeededRecords {
	/** the name `recordsOf(db, name)` reads them by; unique among resources */
	name: string;
	/** distinct per resource */
	salt: number;
	generate(db: Db, random: Random, now: Date): object[];
}

export type InjectKind = 'tenantEvent' | 'bill' | 'guestCard' | 'workOrder' | 'rentalApplication';
/** records whose status staff move along (control API `update`) */
export type UpdateKind = 'workOrder' | 'bill' | 'rentalApplication' | 'occupancy' | 'vendor';

/** What sandbox/db/index.ts exports as `dataModule`; the server treats the db as opaque. */
export interface DataModule {
	createDb(seed: number, now: Date, units?: number): unknown;
	/** stores a record "upstream" (caches untouched) and returns it as the API would show it */
	injectRecord(db: unknown, kind: InjectKind, record: Record<string, unknown>, now: Date): object;
	/** changes fields of one stored tenant event "upstream" (caches untouched) and returns it as the API would show it */
	editTenantEvent?(db: unknown, where: Record<string, unknown>, set: Record<string, unknown>): object;
	/** moves one stored record along its life "upstream" (a work order's status, a bill paid, an application decided) */
	updateRecord?(db: unknown, kind: UpdateKind, id: string, set: Record<string, unknown>, now: Date): object;
	/** raw upstream records for test assertions, e.g. kind "bills", "purchaseOrders" */
	readRecords(db: unknown, kind: string, id?: string): object[];
	/** bytes behind a signed file URL (`${origin}/signed/${fileId}`), served without an API key */
	readFile(db: unknown, fileId: string): { fileName: string; contentType: string; bytes: Buffer } | undefined;
}
