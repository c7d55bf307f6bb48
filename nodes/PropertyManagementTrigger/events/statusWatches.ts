import type { IDataObject } from 'n8n-workflow';
import type { DateRange } from '../../shared/descriptions';

/** Events that fire when a record's status moves on (docs/trigger.md "Status changes"). */
export type StatusEvent = 'workOrderStatus' | 'billPaidOrApproved' | 'applicationDecided';

/** The new-record event whose list (path, dates, identity) a status event watches. */
export type WatchedRecords = 'workOrder' | 'bill' | 'rentalApplication';

/** What the trigger knows of a record's status: the list row's fields and what the query that listed it says. */
export type Status = Record<string, string>;

/**
 * One read; `stamp`: what the query itself says of every record it lists, so that a row whose status
 * the service left out (the spec: any field may be null) still has one.
 */
export interface StatusQuery {
	qs: IDataObject;
	stamp: Status;
	/**
	 * The read lists, besides the other open reads' records, those in a status none of them names (a bill
	 * awaiting a second approval). It counts only for records no other read lists, and only where those
	 * reads are as new as it is; its stamp's '' fields say "none of the named statuses"
	 * (statusChanges.ts currentOf). It lists every open record, so it is paced as the new-record events'
	 * open read (kernel/readPeriods.ts): on its own, longer period, that does not slow the other reads.
	 */
	rest?: true;
}

export interface StatusWatch {
	records: WatchedRecords;
	/** what the user reads in messages, e.g. "open work orders" */
	label: string;
	/** the status fields the list rows carry */
	fields: string[];
	/** the reads that list every open record (any date): few, so an idle poll costs one request each */
	openQueries(filterQuery: IDataObject): StatusQuery[];
	/**
	 * The reads that find records which left the open set (between their dates), read in turn until all
	 * are found: first every closed status at once (the row says which), then one status each, for a
	 * row the service listed without its status (the read then says it).
	 */
	closedQueries(filterQuery: IDataObject): StatusQuery[];
	dateRange?: DateRange;
	// the date parameters and field are the watched list's own (recordLists.ts EVENT_DEFINITIONS[records])
	/**
	 * The list row's field that holds the record's id, where the service reads one record by it (bills:
	 * GET /v1/bills/{id}): a record re-dated before it closed is found so (statusChanges.ts lookUpById).
	 */
	idField?: string;
	isOpen(status: Status): boolean;
	/** what happened between two statuses, in the names the user filters on; none: not an event */
	changes(previous: Status, current: Status): string[];
	/** the output fields that say what the status was before */
	previousFields(previous: Status): IDataObject;
	/**
	 * Fetch Test Event: the statuses a sample record may be shown to come from, the usual one first; the
	 * first from which its status now is a change the user watches is taken
	 */
	sampleFrom: Status[];
}

export const WORK_ORDER_STATUSES = [
	'New', 'Estimate Requested', 'Estimated', 'Assigned', 'Scheduled', 'Waiting', 'Work Done', 'Ready to Bill',
	'Completed', 'Completed No Need To Bill', 'Canceled',
] as const;
const CLOSED_WORK_ORDER_STATUSES = ['Completed', 'Completed No Need To Bill', 'Canceled'];
const OPEN_WORK_ORDER_STATUSES = WORK_ORDER_STATUSES.filter((status) => !CLOSED_WORK_ORDER_STATUSES.includes(status));

/** Applications waiting for a decision; the decisions the user is told of. Converting and Converted follow an approval. */
const UNDECIDED = ['New', 'Decision Pending'];
export const DECISIONS = ['Approved', 'Denied', 'Canceled'] as const;
const DECISION_OF: Record<string, string> = { Approved: 'Approved', Converting: 'Approved', Converted: 'Approved', Denied: 'Denied', Canceled: 'Canceled' };

const PAID = new Set(['Paid', 'Used']);
export const BILL_CHANGES = ['Approved', 'Paid'] as const;

export const STATUS_WATCHES: Record<StatusEvent, StatusWatch> = {
	workOrderStatus: {
		records: 'workOrder',
		label: 'work orders',
		fields: ['status'],
		// closed orders are most of the list and never change again: only the open ones are read each time
		openQueries: (filterQuery) => [{ qs: { ...filterQuery, dateRange: 'all_time', status: [...OPEN_WORK_ORDER_STATUSES] }, stamp: {} }],
		closedQueries: (filterQuery) => [
			{ qs: { ...filterQuery, dateRange: 'all_time', status: [...CLOSED_WORK_ORDER_STATUSES] }, stamp: {} },
			...CLOSED_WORK_ORDER_STATUSES.map((status) => ({ qs: { ...filterQuery, dateRange: 'all_time', status }, stamp: { status } })),
		],
		isOpen: (status) => !CLOSED_WORK_ORDER_STATUSES.includes(status.status),
		// a status the service left out ('') is no change: it may be any of the open ones
		changes: (previous, current) => (current.status === '' || previous.status === current.status ? [] : [current.status]),
		previousFields: (previous) => ({ previousStatus: previous.status }),
		sampleFrom: [{ status: 'Scheduled' }, { status: 'New' }],
	},
	applicationDecided: {
		records: 'rentalApplication',
		label: 'undecided rental applications',
		fields: ['status'],
		// the list filters on one status at a time
		openQueries: (filterQuery) => UNDECIDED.map((status) => ({ qs: { ...filterQuery, dateRange: 'all_time', applicationStatus: status }, stamp: { status } })),
		closedQueries: (filterQuery) => [
			{ qs: { ...filterQuery, dateRange: 'all_time', applicationStatus: 'all' }, stamp: {} },
			...Object.keys(DECISION_OF).map((status) => ({ qs: { ...filterQuery, dateRange: 'all_time', applicationStatus: status }, stamp: { status } })),
		],
		isOpen: (status) => UNDECIDED.includes(status.status),
		changes: (previous, current) =>
			UNDECIDED.includes(previous.status) && DECISION_OF[current.status] ? [DECISION_OF[current.status]] : [],
		previousFields: (previous) => ({ previousStatus: previous.status }),
		sampleFrom: [{ status: 'Decision Pending' }],
	},
	billPaidOrApproved: {
		records: 'bill',
		label: 'unpaid bills',
		fields: ['status'],
		// a bill's list row has no approval status: each of the first two reads says which one its bills
		// have; the third lists every unpaid bill, for those in a status the filter cannot name (the spec
		// allows others: a second approval, a rejection), whose later approval must fire too
		openQueries: (filterQuery) => [
			...['Pending Approval', 'Approved'].map((approvalStatus) => ({
				qs: { ...filterQuery, status: 'Unpaid', approvalStatus },
				stamp: { status: 'Unpaid', approvalStatus },
			})),
			{ qs: { ...filterQuery, status: 'Unpaid', approvalStatus: 'All' }, stamp: { status: 'Unpaid', approvalStatus: '' }, rest: true },
		],
		// nor has a paid bill's row: the paid bills are read by approval status (approved first: most are),
		// so that an approval and a payment between two reads both fire; the last read, every paid bill,
		// finds one whose approval status is neither (the service has others), paid with no approval known
		closedQueries: (filterQuery) => [
			...['Approved', 'Pending Approval'].map((approvalStatus) => ({
				qs: { ...filterQuery, status: 'Paid', approvalStatus },
				stamp: { status: 'Paid', approvalStatus },
			})),
			{ qs: { ...filterQuery, status: 'Paid', approvalStatus: 'All' }, stamp: { status: 'Paid', approvalStatus: '' } },
		],
		idField: 'upstreamId',
		isOpen: (status) => !PAID.has(status.status),
		changes: (previous, current) => [
			...(previous.approvalStatus !== 'Approved' && current.approvalStatus === 'Approved' ? ['Approved'] : []),
			...(!PAID.has(previous.status) && PAID.has(current.status) ? ['Paid'] : []),
		],
		previousFields: (previous) => ({ previousStatus: previous.status, previousApprovalStatus: previous.approvalStatus }),
		sampleFrom: [
			{ status: 'Unpaid', approvalStatus: 'Approved' },
			{ status: 'Unpaid', approvalStatus: 'Pending Approval' },
		],
	},
};
