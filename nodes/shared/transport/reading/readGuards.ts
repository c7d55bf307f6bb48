/**
 * The field that names a record for good: `upstreamId` wherever it is the item's own (the spec's
 * naming rule), and the resources that name theirs otherwise. Other ids in an item are references
 * (a tenant event's `rentalApplicationId`), report rows' `id` is ephemeral and ledger `rowId`s
 * number rows: none of them identifies the row, and rows without an identity are never repeats.
 * An identity only says where to look for a repeat; the whole row decides (SeenRecords).
 */
const IDENTITY_FIELD_BY_PATH: Record<string, string> = {
	'/v1/guest-cards': 'guestCardId',
	'/v1/rental-applications': 'rentalApplicationId',
	'/v1/lease-documents': 'leaseDocumentId',
};

/** Pages in a row that may bring no new item (empty pages with a next link are legitimate) before the read stops. */
export const MAX_PAGES_WITHOUT_NEW_ITEMS = 5;

function identityOf(item: unknown, field: string): string | undefined {
	if (!item || typeof item !== 'object') return undefined;
	const value = (item as Record<string, unknown>)[field];
	return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;
}

function sameValue(left: unknown, right: unknown): boolean {
	if (left === right) return true;
	if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
	if (Array.isArray(left) !== Array.isArray(right)) return false;
	const leftKeys = Object.keys(left);
	const rightKeys = Object.keys(right);
	if (leftKeys.length !== rightKeys.length) return false;
	return leftKeys.every(
		(key) => Object.prototype.hasOwnProperty.call(right, key) && sameValue((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
	);
}

/**
 * A record that comes back in one read (a page boundary that shifted while paging) is the same
 * record, wherever it reappears, so the output does not depend on the page size. Only what is
 * provably that record is dropped: a row whose every field equals a row already read under the
 * same identity. Rows that merely share an id are kept: the shapes of several lists are not shown
 * (itemized and recurring rent rolls, units, lease history, work orders) and one id may head several
 * rows there. Rows without an identity (report lines) are all kept: two identical lines are two lines.
 */
export class SeenRecords {
	/** the rows read so far under each identity (references to the output's own items) */
	private readonly rowsByIdentity = new Map<string, unknown[]>();
	private readonly field: string;

	constructor(path: string) {
		this.field = IDENTITY_FIELD_BY_PATH[path.split('?')[0].replace(/\/+$/, '')] ?? 'upstreamId';
	}

	isRepeat(item: unknown): boolean {
		const identity = identityOf(item, this.field);
		if (identity === undefined) return false;
		const rows = this.rowsByIdentity.get(identity);
		if (!rows) {
			this.rowsByIdentity.set(identity, [item]);
			return false;
		}
		if (rows.some((row) => sameValue(row, item))) return true;
		rows.push(item);
		return false;
	}
}

/** How many rows of the pages read last a page boundary remembers (more than a service shifts at once). */
const BOUNDARY_TAIL_ROWS = 50;

/** The Report resource's lists: computed lines, where two equal lines in a row are two lines. */
const REPORT_PATHS = [
	'/v1/annual-budget-comparative',
	'/v1/balance-sheet',
	'/v1/cash-flow',
	'/v1/income-statement',
	'/v1/rent-roll',
	'/v1/rent-roll-itemized',
	'/v1/rent-roll-recurring',
];

/**
 * A page that starts before its cursor (a drifting cursor: records were added ahead of it mid-read)
 * brings the previous page's last rows again. Rows with an identity are caught by SeenRecords wherever
 * they come again; records without one (tenant events) only here: the leading rows of a page that
 * repeat, in order and whole, the last rows read are dropped. Two equal rows without an identity
 * anywhere else in a read are two rows, and so are a report's equal lines, wherever they fall.
 */
export class PageBoundary {
	private tail: unknown[] = [];
	private readonly reportLines: boolean;

	constructor(path: string) {
		this.reportLines = REPORT_PATHS.includes(path.split('?')[0].replace(/\/+$/, ''));
	}

	/** how many leading rows of `rows` repeat the end of what was read before; then remembers `rows` */
	repeatedRows(rows: unknown[]): number {
		if (this.reportLines) return 0;
		let overlap = 0;
		for (let length = Math.min(rows.length, this.tail.length); length > 0; length--) {
			const end = this.tail.slice(this.tail.length - length);
			if (end.every((row, index) => sameValue(row, rows[index]))) {
				overlap = length;
				break;
			}
		}
		this.tail = [...this.tail, ...rows.slice(overlap)].slice(-BOUNDARY_TAIL_ROWS);
		return overlap;
	}

	/** the first page: nothing before it to repeat */
	firstPage(rows: unknown[]): void {
		this.tail = rows.slice(-BOUNDARY_TAIL_ROWS);
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
