import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { TriggerEvent } from './recordLists';
import { EVENT_REGISTRY, type AfterPause, type EventEntry, type EventFamily } from './eventRegistry';
import { filtersCollection, scopeFilters } from '../../shared/descriptions';
import { billRecordFilters, guestCardLeadFilters } from '../../shared/descriptions/recordFilters';
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

export type { AfterPause } from './eventRegistry';

/** After a Pause's default for each event (the registry's); the fields below repeat them as literals, a test checks that both agree. */
export const AFTER_PAUSE_DEFAULTS = Object.fromEntries(EVENT_REGISTRY.map((entry) => [entry.value, entry.afterPause])) as Record<TriggerEvent, AfterPause>;

/** The events whose After a Pause defaults to `afterPause`, for the field that shows that default. */
const eventsPausingAs = (afterPause: AfterPause) => EVENT_REGISTRY.filter((entry) => entry.afterPause === afterPause).map((entry) => entry.value).sort();

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
		displayOptions: { show: { event: eventsPausingAs('startFromNow') } },
		options: afterPauseOptions,
		description: AFTER_PAUSE_HELP,
	},
	{
		displayName: 'After a Pause',
		name: 'afterPause',
		type: 'options',
		noDataExpression: true,
		default: 'emitWhatArrived',
		displayOptions: { show: { event: eventsPausingAs('emitWhatArrived') } },
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
	options: EVENT_REGISTRY.map(({ name, value, description }) => ({ name, value, description })),
};

/** Where docs/trigger.md tells each family's details: what fires, what cannot be seen, and why. */
const FAMILY_DETAILS: Record<EventFamily, string> = {
	newRecord: 'what-is-dated-too-far-back',
	statusChange: 'status-changes-issue-48',
	listChange: 'dates-coming-up-and-rent-past-due-issue-48',
};

const TRIGGER_DOCS = 'https://github.com/n8n-nodes-property-management/n8n-nodes-property-management/blob/main/docs/trigger.md';

/** The event's notice under Trigger On: what fires and what does not, with a link to the details. */
const eventNotice = ({ value, notice, family }: EventEntry): INodeProperties => ({
	displayName: `${notice} <a href="${TRIGGER_DOCS}#${FAMILY_DETAILS[family]}" target="_blank">Details</a>`,
	name: `${value}LateNotice`,
	type: 'notice',
	default: '',
	displayOptions: { show: showFor(value) },
});

const eventNotices: INodeProperties[] = EVENT_REGISTRY.map(eventNotice);

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
	statusFilter('billPaidOrApproved', 'New Status', 'Only bills that became approved or paid, as chosen, fire; none chosen means both', BILL_CHANGES),
	statusFilter('applicationDecided', 'New Status', 'Only applications given these decisions fire; none chosen means all three', DECISIONS),
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

const EVENTS_WITHOUT_LOOKBACK = EVENT_REGISTRY.filter((entry) => !entry.lookback)
	.map((entry) => entry.value)
	.sort();

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
				'Oldest acceptable age of the data the service has; new records appear within about this time plus the poll interval. At least 60 (the service minimum).',
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
	...eventNotices,
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
