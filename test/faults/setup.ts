import type { IDataObject } from 'n8n-workflow';
import type { TestCredentials } from '../support/n8n';
import type { TestSandbox } from '../support/sandbox';
import { engineCall, idsOf } from '../support/engineCall';

/** The list every read fault uses: guest cards of all time, several pages at the suite's page size. */
export const LIST = { method: 'GET' as const, path: '/v1/guest-cards', qs: { dateRange: 'all_time' }, returnAll: true };

export function credentialsOf(sandbox: TestSandbox): TestCredentials {
	return { apiKey: sandbox.key, baseUrl: sandbox.url };
}

/**
 * What the list must contain: the sandbox's own upstream records, read around the cache, less those
 * of properties the connected user cannot see (sandbox/README.md "Other").
 */
export async function guestCardIds(sandbox: TestSandbox): Promise<string[]> {
	const properties = await sandbox.control.records<IDataObject>('properties');
	const hidden = new Set(properties.filter((property) => property.invisible).map((property) => String(property.upstreamId)));
	const cards = await sandbox.control.records<IDataObject>('guestCards');
	return idsOf(cards.filter((card) => !hidden.has(String(card.propertyId)))).sort();
}

/** Reads the list once so later reads start from an `ok` cache entry (the freshness wait is not their subject). */
export async function warmList(sandbox: TestSandbox): Promise<void> {
	const warmed = await engineCall(credentialsOf(sandbox), LIST);
	if (warmed.error) throw warmed.error;
	await sandbox.control.clearLog();
}

export function duplicatesIn(ids: string[]): string[] {
	return ids.filter((id, index) => ids.indexOf(id) !== index);
}

/** Everything an error shows a user or a log: the key must appear nowhere in it. */
export function errorText(error: unknown): string {
	const { message, description, context } = (error ?? {}) as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message, description, context, all: error, string: String(error) });
}

/** Guest cards stored upstream one by one (caches untouched), their ids in order. */
export async function injectGuestCards(sandbox: TestSandbox, count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let index = 0; index < count; index++) ids.push(...idsOf([await sandbox.control.inject<IDataObject>('guestCard', {})]));
	return ids;
}

export const emittedIds = (items: { json: IDataObject }[] | null) => idsOf((items ?? []).map((item) => item.json));
