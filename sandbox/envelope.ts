import type { FreshnessView } from './cache';
import { countOf } from './freshnessRules';
import type { SandboxProfile } from './options';
import type { Page } from './pages';
import type { QueryParams } from './types';

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
	if (view.statusDetails && profile === 'documented') meta.statusDetails = view.statusDetails;
	const envelope: ReadEnvelope = { meta };
	if (!single) envelope.links = page?.links ?? {};
	if (page) envelope.data = page.rows;
	return envelope;
}

export function createEnvelope(path: string, body: unknown, created: object, nowSeconds: number) {
	return {
		meta: { status: 'ok' as const, path, query: body, count: 1, lastUpdated: nowSeconds },
		data: [created],
		errors: [],
	};
}
