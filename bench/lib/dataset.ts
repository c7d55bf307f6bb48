/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchSandbox } from './benchSandbox';

/** Every list row reads guest cards: listed by received date, and the sandbox can add them upstream. */
export const LIST_PATH = '/v1/guest-cards';
export const LIST_QS = { dateRange: 'all_time' };
export const LIST_URL = `${LIST_PATH}?dateRange=all_time`;

/**
 * Reads every page of `pathAndQuery` (default: the rows' guest-card list) with the warm key while the
 * rate limit is off, waiting out refresh jobs; leaves the cache entry `ok`. Returns the number of
 * items and pages the service lists.
 */
export async function walkList(sandbox: BenchSandbox, pathAndQuery = LIST_URL): Promise<{ items: number; pages: number }> {
	const { rateLimit, jobSeconds } = await sandbox.control.config();
	await sandbox.control.config({ rateLimit: false });
	try {
		let next: string | undefined = pathAndQuery;
		let items = 0;
		let pages = 0;
		while (next) {
			const response = await fetch(`${sandbox.url}${next}`, { headers: { 'X-API-Key': sandbox.warmKey } });
			const body = (await response.json()) as { meta: { status: string }; data?: unknown[]; links?: { next?: string } };
			if (response.status !== 200) throw new Error(`walk ${next}: ${response.status}`);
			if (body.meta.status !== 'ok') {
				if (pages > 0) throw new Error(`walk ${next}: snapshot changed mid-walk`);
				await sleep(jobSeconds * 1000 + 100);
				continue;
			}
			pages += 1;
			items += body.data?.length ?? 0;
			next = body.links?.next;
		}
		return { items, pages };
	} finally {
		await sandbox.control.config({ rateLimit });
		// the measured keys start with a clear window
		await sleep(1100);
	}
}

/** Adds guest cards "upstream" through the sandbox's own data module (in-process: 100,000 control calls would take minutes). */
export function injectGuestCards(sandbox: BenchSandbox, count: number): void {
	const { state } = sandbox.handle;
	for (let index = 0; index < count; index++) state.dataModule.injectRecord(state.db, 'guestCard', {}, state.clock.now());
}

/**
 * Makes the list exactly `pages` pages long and its cache fresh: page size `pageSize`, or more when
 * the seed alone would need more pages; guest cards are added until the last page is full.
 */
export async function listOfPages(sandbox: BenchSandbox, pages: number, pageSize: number) {
	const seed = await walkList(sandbox);
	const size = Math.max(pageSize, Math.ceil(seed.items / pages));
	await sandbox.control.config({ pageSize: size });
	const total = pages * size;
	injectGuestCards(sandbox, total - seed.items);
	await sandbox.control.restart();
	const after = await walkList(sandbox);
	if (after.items !== total || after.pages !== pages) throw new Error(`listed ${after.items} guest cards on ${after.pages} pages, wanted ${total} on ${pages}`);
	return { ...after, pageSize: size };
}
