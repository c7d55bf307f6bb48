/**
 * Fields that name a record for good. Report rows' `id` is ephemeral and ledger `rowId`s are row
 * numbers, so neither is one: rows without any of these are never taken for repeats.
 */
const IDENTITY_FIELDS = ['upstreamId', 'guestCardId', 'rentalApplicationId', 'tenantChargeId', 'leaseDocumentId'];

/** Pages in a row that may bring no new item (empty pages with a next link are legitimate) before the read stops. */
export const MAX_PAGES_WITHOUT_NEW_ITEMS = 5;

function identityOf(item: unknown): string | undefined {
	if (!item || typeof item !== 'object') return undefined;
	for (const field of IDENTITY_FIELDS) {
		const value = (item as Record<string, unknown>)[field];
		if ((typeof value === 'string' && value !== '') || typeof value === 'number') return `${field}:${value}`;
	}
	return undefined;
}

/**
 * A record that comes back in one read (a page boundary that shifted while paging) is the same
 * record, wherever it reappears, so the output does not depend on the page size. Rows without an
 * identity (report lines) are all kept: two identical lines are two lines.
 */
export class SeenRecords {
	private readonly identities = new Set<string>();

	isRepeat(item: unknown): boolean {
		const identity = identityOf(item);
		if (identity === undefined) return false;
		if (this.identities.has(identity)) return true;
		this.identities.add(identity);
		return false;
	}
}

export class NoProgressError extends Error {
	constructor(public readonly pages: number) {
		super(`${pages} pages in a row brought no new item`);
	}
}

/** Counts the pages in a row that added nothing; a service that keeps handing out new cursors is cut off. */
export class ProgressWatch {
	private pagesWithoutNewItems = 0;

	pageRead(newItems: number): void {
		this.pagesWithoutNewItems = newItems > 0 ? 0 : this.pagesWithoutNewItems + 1;
		if (this.pagesWithoutNewItems >= MAX_PAGES_WITHOUT_NEW_ITEMS) throw new NoProgressError(this.pagesWithoutNewItems);
	}
}
