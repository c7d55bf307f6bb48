import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest } from '../transport';

/** Entries per page of a dropdown; n8n asks for the next page with the returned token. */
export const SEARCH_PAGE_SIZE = 100;

export interface SearchSource {
	path: string;
	/** queries read one after the other, their items in that order (default: one read without a query) */
	queries?: IDataObject[];
	/** the dropdown entries of the items read, in the service's order; `queryOf` names the query an item came from */
	toEntries(items: IDataObject[], queryOf: (item: IDataObject) => IDataObject | undefined): INodeListSearchItems[];
}

/** The usual case: one entry per item, undefined skips the item. */
export function eachItem(
	toEntry: (item: IDataObject) => INodeListSearchItems | undefined,
): SearchSource['toEntries'] {
	return (items) =>
		items
			.map(toEntry)
			.filter((entry): entry is INodeListSearchItems => entry !== undefined)
			.map(named);
}

/**
 * Any field may be null (spec): a record whose naming fields all are still gets an entry the user
 * can tell apart and pick, named by its id, never an empty line.
 */
export function named(entry: INodeListSearchItems): INodeListSearchItems {
	return entry.name.trim() === '' ? { ...entry, name: `(no name) · ID ${String(entry.value)}` } : entry;
}

function matches(entry: INodeListSearchItems, filter: string): boolean {
	const needle = filter.toLowerCase();
	return (
		entry.name.toLowerCase().includes(needle) || String(entry.value).toLowerCase().includes(needle)
	);
}

/** Reads the source's queries in order until `wanted` items (all without it); `cut`: there may be more. */
async function readItems(
	context: ILoadOptionsFunctions,
	source: SearchSource,
	wanted: number | undefined,
): Promise<{ items: IDataObject[]; cut: boolean; queryOf: (item: IDataObject) => IDataObject | undefined }> {
	const items: IDataObject[] = [];
	const queries = new Map<IDataObject, IDataObject | undefined>();
	const queryOf = (item: IDataObject) => queries.get(item);
	for (const qs of source.queries ?? [undefined]) {
		const limit = wanted === undefined ? undefined : wanted - items.length;
		if (limit !== undefined && limit <= 0) return { items, cut: true, queryOf };
		const read = await apiRequest(
			context,
			{ method: 'GET', path: source.path, qs, returnAll: limit === undefined, limit },
			{ freshness: 'wait', maxWait: 30 },
		);
		items.push(...read.items);
		for (const item of read.items) queries.set(item, qs);
		if (limit !== undefined && read.items.length >= limit) return { items, cut: true, queryOf };
	}
	return { items, cut: false, queryOf };
}

/**
 * The service has no search parameter, so the filter is applied here. Without a filter only as many
 * items as the requested page needs are read (the engine stops paging at `limit`); with one, the
 * whole list is read once. The token is the offset of the first entry of the next dropdown page.
 */
export async function searchList(
	context: ILoadOptionsFunctions,
	source: SearchSource,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const wanted = filter ? undefined : offset + SEARCH_PAGE_SIZE + 1;
	const { items, cut, queryOf } = await readItems(context, source, wanted);
	let entries = source.toEntries(items, queryOf);
	if (filter) entries = entries.filter((entry) => matches(entry, filter));
	const page = entries.slice(offset, offset + SEARCH_PAGE_SIZE);
	// Reading stopped at `wanted` items: the service has more, even if they merged into fewer
	// entries; the next page starts after the entries shown, however many that were.
	const hasMore = entries.length > offset + page.length || cut;
	return {
		results: page,
		paginationToken: hasMore && page.length > 0 ? String(offset + page.length) : undefined,
	};
}

/** Joins the non-empty parts of a label. */
export function label(...parts: unknown[]): string {
	return joined(' · ', parts);
}

/** The non-empty parts joined by `separator`: a null part leaves no dangling separator. */
export function joined(separator: string, parts: unknown[]): string {
	return parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);
}
