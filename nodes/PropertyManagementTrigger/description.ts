import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { TriggerEvent } from './events';
import { filtersCollection, scopeFilters } from '../shared/descriptions';
import { billRecordFilters, guestCardLeadFilters } from '../shared/descriptions/recordFilters';
import { DEFAULT_VENDOR_DOCUMENTS, VENDOR_DOCUMENTS } from './listWatches';
import { BILL_CHANGES, DECISIONS, WORK_ORDER_STATUSES } from './statusWatches';

/**
 * Defaults of the "Options" collection, with the reasons they are what they are.
 * - Lookback 14 days: a bill is often keyed in days after its invoice date and a move-out or
 *   notice is often recorded after the fact; two weeks catches those while keeping each poll to a
 *   few pages (every page is one request under the key's 1 request/second limit).
 * - Look-ahead 60 days: move-ins are entered when the lease is signed and move-outs when notice
 *   is given, typically 30–60 days ahead; such events fire when they are entered. Events dated
 *   further out fire once they come within 60 days.
 * - Max age 120 seconds: the spec's own example of "fresh"; a new record shows up within about
 *   two minutes plus the poll interval, and the service refreshes at most once per 2 minutes for
 *   this query however often n8n polls.
 * - Max wait 40 seconds: a refresh in the default processing mode ends within 24 seconds and the
 *   engine looks again every 10 seconds; 40 seconds covers that and keeps a poll shorter than
 *   n8n's shortest poll interval (1 minute).
 */
// The option fields below repeat these as literals (n8n's linter wants literal defaults); a test
// checks that both agree.
export const TRIGGER_DEFAULTS = {
	emitOnDateChange: false,
	lookbackDays: 14,
	lookaheadDays: 60,
	maxAge: 120,
	maxWait: 40,
} as const;

const showFor = (event: string) => ({ event: [event] });

export type AfterPause = 'emitWhatArrived' | 'startFromNow';

/**
 * What the first poll does when a user activates the workflow again after a pause (docs/trigger.md
 * "After a pause"). A move-in welcome or a lead's first reply weeks late is worse than none; a bill
 * is owed, a repair still has to be done and an application still waits for its decision whatever
 * happened to the workflow, so those are still handed on. The fields below repeat these as
 * literals; a test checks that both agree.
 */
export const AFTER_PAUSE_DEFAULTS: Record<TriggerEvent, AfterPause> = {
	tenantEvent: 'startFromNow',
	guestCard: 'startFromNow',
	bill: 'emitWhatArrived',
	workOrder: 'emitWhatArrived',
	rentalApplication: 'emitWhatArrived',
	// a tenant texted that the repair is scheduled weeks after it was done is worse than no text
	workOrderStatus: 'startFromNow',
	billPaidOrApproved: 'emitWhatArrived',
	applicationDecided: 'emitWhatArrived',
	// a lease still ends, a document still lapses, a balance is still owed
	leaseEnding: 'emitWhatArrived',
	vendorDocumentExpiring: 'emitWhatArrived',
	rentPastDue: 'emitWhatArrived',
};

const afterPauseOptions: INodePropertyOptions[] = [
	{
		name: 'Emit What Arrived',
		value: 'emitWhatArrived',
		description: 'Records entered while the workflow was inactive fire once it is active again',
	},
	{
		name: 'Start From Now',
		value: 'startFromNow',
		description: 'Records entered while the workflow was inactive do not fire; only later ones do',
	},
];

const AFTER_PAUSE_HELP =
	'What happens to records entered while the workflow was inactive for more than an hour, when you activate it again. An n8n restart always catches up.';

const afterPauseFields: INodeProperties[] = [
	{
		displayName: 'After a Pause',
		name: 'afterPause',
		type: 'options',
		noDataExpression: true,
		default: 'startFromNow',
		displayOptions: { show: { event: ['tenantEvent', 'guestCard', 'workOrderStatus'] } },
		options: afterPauseOptions,
		description: AFTER_PAUSE_HELP,
	},
	{
		displayName: 'After a Pause',
		name: 'afterPause',
		type: 'options',
		noDataExpression: true,
		default: 'emitWhatArrived',
		displayOptions: {
			show: {
				event: ['applicationDecided', 'bill', 'billPaidOrApproved', 'leaseEnding', 'rentPastDue', 'rentalApplication', 'vendorDocumentExpiring', 'workOrder'],
			},
		},
		options: afterPauseOptions,
		description: AFTER_PAUSE_HELP,
	},
];

/**
 * The trigger's subtitle on the canvas, "On new tenant event": each event's label, picked by a chain of
 * comparisons (n8n's expressions give undefined for an object looked up by a computed key).
 */
export const eventSubtitle = (): string => {
	const events = eventSelector.options as Array<{ name: string; value: string }>;
	const chain = events.map(({ name, value }) => `$parameter["event"] === "${value}" ? "On ${name.toLowerCase()}" : `).join('');
	return `={{ ${chain}"On " + $parameter["event"] }}`;
};

const eventSelector: INodeProperties = {
	displayName: 'Trigger On',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	required: true,
	default: 'tenantEvent',
	options: [
		{
			name: 'Bill Paid or Approved',
			value: 'billPaidOrApproved',
			description: 'An unpaid bill is approved or paid',
		},
		{
			name: 'Lease Ending',
			value: 'leaseEnding',
			description: "A current lease's end comes within the days you set (e.g. 90, 60, 30)",
		},
		{
			name: 'New Bill',
			value: 'bill',
			description: 'A bill appears, by bill date',
		},
		{
			name: 'New Guest Card',
			value: 'guestCard',
			description: 'A guest card (lead) appears, by received date',
		},
		{
			name: 'New Rental Application',
			value: 'rentalApplication',
			description: 'A rental application arrives, by received date',
		},
		{
			name: 'New Tenant Event',
			value: 'tenantEvent',
			description: 'A move-in, move-out or notice appears, by the date it occurs',
		},
		{
			name: 'New Work Order',
			value: 'workOrder',
			description: 'A maintenance work order is created, by created date',
		},
		{
			name: 'Rent Past Due',
			value: 'rentPastDue',
			description: "A tenant's past-due balance rises above an amount",
		},
		{
			name: 'Rental Application Decided',
			value: 'applicationDecided',
			description: 'A rental application is approved, denied or canceled',
		},
		{
			name: 'Vendor Insurance or License Expiring',
			value: 'vendorDocumentExpiring',
			description: "A vendor's insurance, license or contract expiry comes within the days you set",
		},
		{
			name: 'Work Order Status Changed',
			value: 'workOrderStatus',
			description: 'An open work order moves to another status (e.g. Scheduled, Completed)',
		},
	],
};

/** What a record dated before Lookback does (docs/trigger.md "What is dated too far back"). */
const lateRecordNotice = (event: string, text: string): INodeProperties => ({
	displayName: text,
	name: `${event}LateNotice`,
	type: 'notice',
	default: '',
	displayOptions: { show: showFor(event) },
});

const lateRecordNotices: INodeProperties[] = [
	lateRecordNotice(
		'bill',
		'A bill dated before Lookback still fires while it is unpaid: unpaid bills of any date are checked every few minutes. Not caught: such a bill entered already paid (or paid before the next check), and any such bill when Status is Paid.',
	),
	lateRecordNotice(
		'guestCard',
		'A guest card whose received date lies more than Lookback (Days) back when it appears (e.g. imported old leads) does not fire.',
	),
	lateRecordNotice(
		'rentalApplication',
		'An application whose received date lies more than Lookback (Days) back when it appears (e.g. entered by hand weeks later) does not fire.',
	),
	lateRecordNotice(
		'workOrder',
		'A work order whose created date lies more than Lookback (Days) back when it appears (e.g. imported from another system) does not fire. Status changes of a work order do not make it fire again.',
	),
	lateRecordNotice(
		'workOrderStatus',
		'On activation the status of every open work order is recorded; each later change fires once, with the status before it in previousStatus. Completed and canceled orders are no longer watched. An order created and closed between two checks does not fire.',
	),
	lateRecordNotice(
		'billPaidOrApproved',
		'On activation every unpaid bill is recorded; each later approval or payment fires once, with what it was before in previousStatus and previousApprovalStatus. A bill entered already paid does not fire.',
	),
	lateRecordNotice(
		'applicationDecided',
		'On activation every application awaiting a decision is recorded; each later decision fires once. An application entered already decided does not fire.',
	),
	lateRecordNotice(
		'leaseEnding',
		'Fires once per lease and number of days: on the first check when the lease end is that close. On activation, leases already that close are recorded, not emitted. A renewal (a new end date) fires again as its date comes close. Read from the rent roll every few minutes to hours, and on each new day.',
	),
	lateRecordNotice(
		'vendorDocumentExpiring',
		'Fires once per vendor, document and number of days. On activation, documents already that close to expiry are recorded, not emitted. A renewed document (a new date) fires again as its date comes close.',
	),
	lateRecordNotice(
		'rentPastDue',
		'Fires once when a tenant\'s past-due balance rises above the amount; again only after it has fallen to the amount or below and risen once more. On activation, tenants already above it are recorded, not emitted.',
	),
	lateRecordNotice(
		'tenantEvent',
		'A move-in, move-out or notice recorded more than Lookback (Days) after its date does not fire. Raise Lookback if your team records them later.',
	),
];

const tenantEventFilters = filtersCollection(showFor('tenantEvent'), [
	{
		displayName: 'Event Types',
		name: 'eventType',
		type: 'multiOptions',
		default: [],
		description: 'Only these kinds of tenant event; none chosen means all',
		options: [
			{ name: 'Move-In', value: 'Move-in' },
			{ name: 'Move-Out', value: 'Move-out' },
			{ name: 'Notice', value: 'Notice' },
		],
	},
	...scopeFilters(),
]);

const billFilters = filtersCollection(showFor('bill'), billRecordFilters);

const guestCardFilters = filtersCollection(showFor('guestCard'), [
	...guestCardLeadFilters,
	...scopeFilters(),
]);

const workOrderFilters = filtersCollection(showFor('workOrder'), scopeFilters());

const rentalApplicationFilters = filtersCollection(showFor('rentalApplication'), scopeFilters());

const billPaidFilters = filtersCollection(
	showFor('billPaidOrApproved'),
	billRecordFilters.filter((filter) => filter.name === 'propertyId' || filter.name === 'vendorId'),
);

/** Which changes of a status event fire: kept out of the queries, so choosing others keeps what is recorded. */
const statusFilter = (event: string, displayName: string, description: string, values: readonly string[]): INodeProperties => ({
	displayName,
	name: 'statusFilter',
	type: 'multiOptions',
	default: [],
	description,
	displayOptions: { show: showFor(event) },
	options: values.map((value) => ({ name: value, value })),
});

const statusFilters: INodeProperties[] = [
	statusFilter('workOrderStatus', 'New Status', 'Only changes to these statuses fire; none chosen means every change', WORK_ORDER_STATUSES),
	statusFilter('billPaidOrApproved', 'Changes', 'Only these changes fire; none chosen means both', BILL_CHANGES),
	statusFilter('applicationDecided', 'Decisions', 'Only these decisions fire; none chosen means all three', DECISIONS),
];

const listFields: INodeProperties[] = [
	{
		displayName: 'Days Before',
		name: 'horizonDays',
		type: 'string',
		default: '90, 60, 30',
		placeholder: 'e.g. 90, 60, 30',
		required: true,
		displayOptions: { show: { event: ['leaseEnding', 'vendorDocumentExpiring'] } },
		description: 'Fire once when the date is this many days away, for each number (comma-separated)',
	},
	{
		displayName: 'Documents',
		name: 'documents',
		type: 'multiOptions',
		default: [...DEFAULT_VENDOR_DOCUMENTS],
		displayOptions: { show: showFor('vendorDocumentExpiring') },
		description: 'Which expiry dates of each vendor to watch',
		options: Object.entries(VENDOR_DOCUMENTS)
			.map(([value, name]) => ({ name, value }))
			.sort((left, right) => left.name.localeCompare(right.name)),
	},
	{
		displayName: 'Past Due Above',
		name: 'threshold',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		displayOptions: { show: showFor('rentPastDue') },
		description: 'Fire when a tenant owes more than this amount (0: any amount past due)',
	},
];

const rentRollFilters = filtersCollection({ event: ['leaseEnding', 'rentPastDue'] }, scopeFilters());

const EVENTS_WITHOUT_LOOKBACK = ['applicationDecided', 'billPaidOrApproved', 'leaseEnding', 'rentPastDue', 'vendorDocumentExpiring', 'workOrderStatus'];

const triggerOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Emit Again When the Date Changes',
			name: 'emitOnDateChange',
			type: 'boolean',
			default: false,
			displayOptions: { show: { '/event': ['tenantEvent'] } },
			description:
				'Whether a tenant event whose date is moved (e.g. a rescheduled move-out) fires again. Off: each move-in, move-out or notice of a tenant fires once, whatever its date becomes (it is remembered for a year after it was last seen).',
		},
		{
			displayName: 'Look Ahead (Days)',
			name: 'lookaheadDays',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			displayOptions: { show: { '/event': ['tenantEvent'] } },
			description:
				'How far into the future a tenant event may be dated and still fire when it is entered; events dated later fire once they come this close',
		},
		{
			displayName: 'Lookback (Days)',
			name: 'lookbackDays',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 14,
			displayOptions: { hide: { '/event': EVENTS_WITHOUT_LOOKBACK } },
			description:
				'How far before the last check a record may be dated and still fire when it appears late (back-dated entries)',
		},
		{
			displayName: 'Max Age (Seconds)',
			name: 'maxAge',
			type: 'number',
			typeOptions: { minValue: 60 },
			default: 120,
			description:
				'Oldest acceptable age of the service cache, sent as X-API-MAX-AGE; new records appear within about this time plus the poll interval. At least 60 (the service minimum).',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 40,
			description:
				'How long a poll waits for the service to refresh; after that the poll emits nothing and the next poll covers the same period',
		},
	],
};

export const triggerProperties: INodeProperties[] = [
	eventSelector,
	...lateRecordNotices,
	tenantEventFilters,
	billFilters,
	guestCardFilters,
	workOrderFilters,
	rentalApplicationFilters,
	filtersCollection(showFor('workOrderStatus'), scopeFilters()),
	filtersCollection(showFor('applicationDecided'), scopeFilters()),
	billPaidFilters,
	...statusFilters,
	...listFields,
	rentRollFilters,
	...afterPauseFields,
	triggerOptions,
];
