import type { FreshnessView } from './cache';
import { countOf, showsStatusDetails } from './freshnessRules';
import type { SandboxProfile } from './options';
import type { Page } from './pages';
import type { QueryParams } from '../types';

export interface EnvelopeMeta {
	status: 'ok' | 'stale' | 'updating';
	path: string;
	query: unknown;
	count: number;
	lastUpdated: number | null;
	page?: number;
	jobId?: string;
	statusDetails?: { code: number; message: string };
}

export interface ReadEnvelope {
	meta: EnvelopeMeta;
	links?: Page['links'];
	data?: object[];
}

/** A read answer; `data` is left out entirely while no snapshot exists (README "Freshness"). */
export function readEnvelope(path: string, query: QueryParams, view: FreshnessView, page: Page | undefined, single: boolean, profile: SandboxProfile): ReadEnvelope {
	const meta: EnvelopeMeta = {
		status: view.status,
		path,
		query,
		count: page ? countOf(profile, page.rows.length, view.snapshot?.rows.length ?? page.rows.length) : 0,
		lastUpdated: view.snapshot?.lastUpdated ?? null,
	};
	if (page) meta.page = page.number;
	if (view.jobId) meta.jobId = view.jobId;
	if (view.statusDetails && showsStatusDetails(profile)) meta.statusDetails = view.statusDetails;
	const envelope: ReadEnvelope = { meta };
	if (!single) envelope.links = page?.links ?? {};
	if (page) envelope.data = page.rows;
	return envelope;
}

/** Create fields the service accepts but never shows again (the spec: `taxId` is never returned). */
const WRITE_ONLY_FIELDS = ['taxId'];
const REDACTED = '[redacted]';

/** The create body as echoed in `meta.query`, write-only fields redacted (both profiles). */
export function redactedBody(body: unknown): unknown {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
	const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
	for (const field of WRITE_ONLY_FIELDS) if (field in copy) copy[field] = REDACTED;
	return copy;
}

export function createEnvelope(path: string, body: unknown, created: object, nowSeconds: number) {
	return {
		meta: { status: 'ok' as const, path, query: redactedBody(body), count: 1, lastUpdated: nowSeconds },
		data: [created],
		errors: [],
	};
}
