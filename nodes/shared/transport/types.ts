import type { IDataObject } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'propertyManagementApi';

export type Freshness = 'wait' | 'notify' | 'cached';
export type ProcessingMode = 'default' | 'longer';
/** `returnPending` (programmatic callers such as the trigger): give up quietly, reading no stale pages */
export type OnWaitTimeout = 'error' | 'returnStale' | 'returnPending';

/** The node's "Options" collection; every key optional. Read by the engine, never by routing. */
export interface EngineOptions {
	freshness?: Freshness;
	maxAge?: number;
	processingMode?: ProcessingMode;
	notifyUrl?: string;
	/** tests through a tunnel: accept an http or local Notify URL the service's docs would refuse */
	allowLocalNotifyUrl?: boolean;
	maxWait?: number;
	onWaitTimeout?: OnWaitTimeout;
	includeMeta?: boolean;
	/** fixedCollection: { parameter: [{ name, value }] } */
	additionalQueryParameters?: { parameter?: Array<{ name: string; value: string }> };
	/** file-bearing operations only: fetch each item's file.signedUrl into binary property "data" */
	download?: boolean;
	/**
	 * Epoch ms (the engine's clock) by which a list read must have its last page: a later page it could
	 * not have in time is not requested, and the read returns what it has, marked `cutShort`. The trigger
	 * sets it to the end of n8n's poll budget; the action node never does.
	 */
	pagesBy?: number;
}

export interface ServiceMeta {
	status: 'ok' | 'stale' | 'updating';
	path?: string;
	query?: IDataObject;
	count?: number;
	lastUpdated?: number | null;
	page?: number;
	jobId?: string;
	/** public docs only: the service's last attempt to get the data (e.g. a refresh that failed) */
	statusDetails?: { code?: number | string; message?: string };
}

export interface Envelope {
	meta: ServiceMeta;
	links?: { next?: string | null; prev?: string | null };
	data?: IDataObject[];
	errors?: IDataObject[];
}

/** A read: the reader (reading/read.ts) sends GET only; a create is a CreateRequest. */
export interface ApiRequest {
	method: 'GET';
	/** path below the credential's base URL, e.g. /v1/tenants */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** item the request belongs to; errors carry it */
	itemIndex?: number;
	/** follow links.next to the end */
	returnAll?: boolean;
	/** without returnAll: stop once this many items are in hand; with neither, every page is read */
	limit?: number;
	/**
	 * meta.lastUpdated of a snapshot of this same query the caller already read in full: a fresh first
	 * page of that snapshot ends the read there (`unchanged`), since its later pages are known too
	 */
	knownSnapshot?: number;
	/** a read of this same query an earlier call stopped at EngineOptions.pagesBy: it goes on there when it still can */
	resumeAt?: ReadResumption;
}

/** Where a read cut short goes on: the page it had not read yet, of the snapshot it was reading. */
export interface ReadResumption {
	/** ListReadDetails.nextPage of the read cut short */
	url: string;
	/** meta.lastUpdated of its snapshot */
	lastUpdated: number;
}

/** A create: one POST, sent by the writer (writing/write.ts). */
export interface CreateRequest {
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** item the request belongs to; errors carry it */
	itemIndex?: number;
	/** called once the POST was answered, before a write job is polled (the next item may send) */
	onAccepted?: () => void;
}

export interface ApiResult {
	items: IDataObject[];
	/** meta of the last page read, with the first page's status (a stale read stays stale) */
	meta: ServiceMeta;
	/** HTTP requests this call made, retries included */
	requests: number;
}

/** Clock and pacing, injectable so unit tests run without real waiting. */
export interface EngineDeps {
	now(): number;
	/** ends early (resolving) when `signal` aborts; any rejection is a defect and propagates */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
	/** uniform in [0, 1): backoff jitter */
	random(): number;
	/** wait between polls of a URL whose meta.status is not ok (the spec's 10 s) */
	pollIntervalMs: number;
	/** minimum time between a request of one API key and the answer to the previous one */
	spacingMs: number;
}

/** Extra fields of an ApiResult, beyond the contract above. */
export interface ApiResultDetails {
	/** meta of the page each item came from, parallel to items */
	itemMeta: ServiceMeta[];
	/** freshness "notify" answered before the data was fresh: items are empty and NOT complete */
	pending: boolean;
	/** freshness "notify" answered not fresh and with no refresh job: no webhook will come; the reason */
	noNotification?: string;
	/** the first page belonged to `knownSnapshot`: only its items are here, the read stopped */
	unchanged?: boolean;
}

/** What a read of a list (not a write) adds to its result. */
export interface ListReadDetails {
	/**
	 * pages of the list in the pass that returned (the first page included); unlike `requests`, not the
	 * looks at a running refresh nor the pages of a pass restarted: what reading the list itself costs
	 */
	pages: number;
	/** the first answer was not fresh: the read started or joined a refresh and looked again until it ended */
	waitedForRefresh: boolean;
	/** the read stopped before its last page, at EngineOptions.pagesBy: `items` are the pages read, not the list */
	cutShort?: boolean;
	/** with cutShort: the page to go on from (ApiRequest.resumeAt) */
	nextPage?: string;
	/** the read went on from ApiRequest.resumeAt: `items` are the pages from there on */
	resumed?: boolean;
}
