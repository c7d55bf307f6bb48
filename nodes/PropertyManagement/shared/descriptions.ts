import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { sendAsServiceDate } from './dates';
import { simplifyFields } from './simplify';
import { validatingPreSend } from './transport';
import { DEFAULT_DOWNLOAD_TIMEOUT_SECONDS, DEFAULT_MAX_FILE_SIZE_MB } from './transport/download';

/**
 * Parameter sets shared by the resources. Every builder takes the `show` condition of the
 * operation(s) it belongs to, so a resource file stays a flat list of data.
 */
export type Show = NonNullable<IDisplayOptions['show']>;

export type HttpMethod = 'GET' | 'POST';

export interface OperationSpec {
	/** e.g. "Get Many" */
	name: string;
	/** e.g. "getAll" */
	value: string;
	/** what an AI agent picks from, e.g. "Get many tenants" */
	action: string;
	description: string;
	method: HttpMethod;
	/** path below the base URL; may be an expression for path parameters */
	url: string;
	/** preSend steps specific to this operation (e.g. body validation) */
	preSend?: PreSendAction[];
}

function byName<T extends { name: string }>(left: T, right: T): number {
	return left.name.localeCompare(right.name);
}

function byDisplayName(left: INodeProperties, right: INodeProperties): number {
	return left.displayName.localeCompare(right.displayName);
}

/** The operation selector of one resource; every operation pages through the engine. */
export function operationSelector(resource: string, operations: OperationSpec[]): INodeProperties {
	const options: INodePropertyOptions[] = operations.map((operation) => ({
		name: operation.name,
		value: operation.value,
		action: operation.action,
		description: operation.description,
		routing: {
			request: { method: operation.method, url: operation.url },
			// The engine (requestOperations.pagination) runs every request: freshness, pages, retries
			send: { paginate: true, ...(operation.preSend ? { preSend: operation.preSend } : {}) },
		},
	}));
	const defaultOperation = operations[0].value;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: options.sort(byName),
		default: defaultOperation,
	};
}

/**
 * "Return All" and "Limit"; read by the engine, which stops paging once the limit is reached. In
 * the AI-tool form (n8n's `@tool` display condition) Return All is always off by default, so an
 * agent's call reads one page of at most Limit records (and Simplify is on, see simplify.ts).
 */
export function returnAllLimit(show: Show, returnAllByDefault = false): INodeProperties[] {
	const returnAll = (asTool: boolean): INodeProperties => {
		const property: INodeProperties = {
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show: { ...show, '@tool': [asTool] } },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		};
		if (returnAllByDefault && !asTool) property.default = true;
		return property;
	};
	return [
		returnAll(false),
		returnAll(true),
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

export interface EngineOptionsSettings {
	/** only for operations whose items carry `file.signedUrl` (or are a file) */
	download?: boolean;
	/** reports: a report cut at the default limit would silently misstate totals */
	returnAllByDefault?: boolean;
}

/** The "Options" collection the engine reads (keys of EngineOptions); no routing on purpose. */
export function engineOptions(show: Show, settings: EngineOptionsSettings = {}): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Additional Query Parameters',
			name: 'additionalQueryParameters',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parameter',
			default: {},
			description: 'Query parameters the node has no field for, sent as given',
			options: [
				{
					displayName: 'Parameter',
					name: 'parameter',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
		{
			displayName: 'Allow Local or HTTP Notify URL',
			name: 'allowLocalNotifyUrl',
			type: 'boolean',
			default: false,
			displayOptions: { show: { freshness: ['notify'] } },
			description:
				'Whether to send a Notify URL that is http:// or on a loopback or private address. Only for tests through a tunnel: the service calls public HTTPS addresses only, and otherwise the workflow would wait forever.',
		},
		{
			displayName: 'Data Freshness',
			name: 'freshness',
			type: 'options',
			default: 'wait',
			description:
				'What to do when the service answers with cached data that is being refreshed (meta.status stale or updating)',
			options: [
				{
					name: 'Return Cached Data',
					value: 'cached',
					description: 'Return what the service has cached right now, even if stale',
				},
				{
					name: 'Wait for Notification',
					value: 'notify',
					description:
						'Send X-API-NOTIFY-URL. Outputs one item with pending = true when a notification is coming (route it to a Wait node), one with notify = "none-expected" and the reason when none will come (the last refresh failed), or the records at once when the data is already fresh.',
				},
				{
					name: 'Wait Until Fresh',
					value: 'wait',
					description: 'Poll the same URL every 10 seconds until meta.status is ok',
				},
			],
		},
		{
			displayName: 'Include Meta',
			name: 'includeMeta',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the response meta (freshness status, last update, job ID) to the output',
		},
		{
			displayName: 'Max Age (Seconds)',
			name: 'maxAge',
			type: 'number',
			typeOptions: { minValue: 60 },
			default: 86400,
			description:
				'Oldest acceptable age of the cached data, sent as X-API-MAX-AGE; older data is refreshed. At least 60 (the service minimum). The service may apply it up to 5 minutes either way, so it is a target, not a guarantee.',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 300,
			description: 'How long to wait for fresh data before giving up',
		},
		{
			displayName: 'Notify URL',
			name: 'notifyUrl',
			type: 'string',
			default: '={{ $execution.resumeUrl }}',
			displayOptions: { show: { freshness: ['notify'] } },
			description:
				'Webhook address the service POSTs to when the requested data is ready. It must be HTTPS on a public address (the service\'s webhook docs); n8n builds {{ $execution.resumeUrl }} from its WEBHOOK_URL setting.',
		},
		{
			displayName: 'On Wait Timeout',
			name: 'onWaitTimeout',
			type: 'options',
			default: 'error',
			description: 'What to do when Max Wait passes before the data is fresh',
			options: [
				{ name: 'Error', value: 'error', description: 'Fail the item' },
				{
					name: 'Return Stale Data',
					value: 'returnStale',
					description: 'Return the cached data the service has',
				},
			],
		},
		{
			displayName: 'Processing Mode',
			name: 'processingMode',
			type: 'options',
			default: 'default',
			description:
				'Sent as X-API-PROCESSING-MODE with the request that starts work (a create, a read that starts a refresh), not with polls. The service docs do not say how each mode counts toward your usage: ask the service before using Longer everywhere.',
			options: [
				{ name: 'Default', value: 'default', description: '24 seconds time-out' },
				{ name: 'Longer', value: 'longer', description: '120 seconds time-out' },
			],
		},
	];
	if (settings.download) {
		options.push({
			displayName: 'Download Files',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				'Whether to download the file of each item (from its signed URL) into the binary property "data"',
		});
		options.push(
			{
				displayName: 'Download Time-Out (Seconds)',
				name: 'downloadTimeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_DOWNLOAD_TIMEOUT_SECONDS,
				description: 'With Download Files: the longest the download of one file may take before the item fails',
			},
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSize',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_FILE_SIZE_MB,
				description:
					'With Download Files: a larger file fails the item, checked against the file size the service gives before downloading and while reading. Unless n8n stores binary data on disk or S3, the file is held in memory.',
			},
		);
	}
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: options.sort(byDisplayName),
	};
}

/** A create's options: freshness and paging mean nothing to a write; Max Wait bounds its job. */
const WRITE_OPTION_NAMES = ['includeMeta', 'maxWait', 'processingMode'];

export function writeOptions(show: Show): INodeProperties {
	const collection = engineOptions(show);
	const options = (collection.options as INodeProperties[])
		.filter((option) => WRITE_OPTION_NAMES.includes(option.name))
		.map((option) =>
			option.name === 'maxWait'
				? {
						...option,
						description:
							'How long to wait for the service to finish an accepted create (it may answer with a job to poll) before giving up',
					}
				: option,
		);
	return { ...collection, options };
}

/** A "Filters" collection: only the filters the user adds are sent. */
export function filtersCollection(show: Show, filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [...filters].sort(byDisplayName),
	};
}

export interface LocatorSettings {
	displayName: string;
	/** spec name of the query (or body) parameter */
	name: string;
	/** method of listSearch/ */
	searchListMethod: string;
	description: string;
	show?: Show;
	required?: boolean;
	/** where the id goes; default query */
	sendIn?: 'query' | 'body';
}

/** A record picked "From List" (listSearch) or typed "By ID". */
export function resourceLocator(settings: LocatorSettings): INodeProperties {
	return {
		displayName: settings.displayName,
		name: settings.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: settings.required ?? false,
		description: settings.description,
		...(settings.show ? { displayOptions: { show: settings.show } } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: settings.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1024',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[^\\s]+$', errorMessage: 'An ID has no spaces' },
					},
				],
			},
		],
		routing: { send: { type: settings.sendIn ?? 'query', property: settings.name } },
	};
}

/** The spec's scope filters (propertyId, propertyGroupId, ownerId), for a Filters collection. */
export function scopeFilters(): INodeProperties[] {
	return [
		resourceLocator({
			displayName: 'Owner',
			name: 'ownerId',
			searchListMethod: 'searchOwners',
			description: 'Only records of the properties of this owner',
		}),
		resourceLocator({
			displayName: 'Property',
			name: 'propertyId',
			searchListMethod: 'searchProperties',
			description: 'Only records of this property',
		}),
		resourceLocator({
			displayName: 'Property Group',
			name: 'propertyGroupId',
			searchListMethod: 'searchPropertyGroups',
			description: 'Only records of the properties in this property group',
		}),
	];
}

export interface DateFieldSettings {
	displayName: string;
	/** spec name of the parameter, e.g. dateFrom, billDateTo, date */
	name: string;
	description: string;
	show?: Show;
	required?: boolean;
	sendIn?: 'query' | 'body';
}

/** A date picker whose value is sent as MM/DD/YYYY (n8n dates and ISO strings are converted). */
export function serviceDateField(settings: DateFieldSettings): INodeProperties {
	const location = settings.sendIn ?? 'query';
	return {
		displayName: settings.displayName,
		name: settings.name,
		type: 'dateTime',
		default: '',
		required: settings.required ?? false,
		description: settings.description,
		...(settings.show ? { displayOptions: { show: settings.show } } : {}),
		routing: {
			send: {
				type: location,
				property: settings.name,
				// validatingPreSend keeps a bad date an error of this item (pairedItem, continue-on-fail)
				preSend: [
					validatingPreSend(
						sendAsServiceDate(
							settings.name,
							location === 'query' ? 'qs' : 'body',
							settings.displayName,
						),
					),
				],
			},
		},
	};
}

/** The spec's DateRange enum, in the spec's order. */
export const DATE_RANGES = [
	'today',
	'this_week',
	'this_week_to_date',
	'this_month',
	'this_month_to_date',
	'this_quarter',
	'this_quarter_to_date',
	'this_year_to_date',
	'last_year',
	'last_year_to_date',
	'yesterday',
	'last_week',
	'last_week_to_date',
	'last_month',
	'last_month_to_date',
	'last_quarter',
	'last_quarter_to_date',
	'last_7_days',
	'last_30_days',
	'last_60_days',
	'last_90_days',
	'trailing_12_months',
	'next_7_days',
	'next_30_days',
	'next_60_days',
	'next_90_days',
	'next_week',
	'next_month',
	'next_quarter',
	'until_1_week_ago',
	'until_1_month_ago',
	'all_time',
] as const;

export type DateRange = (typeof DATE_RANGES)[number];

/** Not a service value: selects the From/To pickers and is never sent. */
export const CUSTOM_DATE_RANGE = 'custom';

const SMALL_WORDS = new Set(['to', 'of']);

/** this_week_to_date → "This Week to Date", last_7_days → "Last 7 Days" */
function rangeDisplayName(range: string): string {
	return range
		.split('_')
		.map((word, index) =>
			index > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
		)
		.join(' ');
}

function isEmptyDate(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export interface CustomRangeSettings {
	/** labels of the From/To fields as the user sees them */
	fromLabel: string;
	toLabel: string;
	/**
	 * What Custom sends as dateRange. The docs do not say that dateFrom/dateTo are honoured without a
	 * dateRange (the service may apply its default range), so ranges of the spec's DateRange enum send
	 * all_time: the dates narrow it under either reading (sandbox/README.md). Undefined: dateRange is
	 * left out (the lease history's months, whose docs say the months win over the range).
	 */
	sendRangeAs?: DateRange;
}

/**
 * dateRange=custom is no service value: it is replaced (or left out) and needs at least one of the
 * From/To dates, since with both empty the service would apply its default range without a word.
 */
export function customDateRange(settings: CustomRangeSettings): PreSendAction {
	return validatingPreSend(async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const query = requestOptions.qs as IDataObject | undefined;
		if (query?.dateRange !== CUSTOM_DATE_RANGE) return requestOptions;
		if (isEmptyDate(query.dateFrom) && isEmptyDate(query.dateTo)) {
			const itemIndex = this.getItemIndex();
			throw new NodeOperationError(
				this.getNode(),
				`Date Range is Custom but ${settings.fromLabel} and ${settings.toLabel} are both empty [item ${itemIndex}]`,
				{
					itemIndex,
					description: `Enter ${settings.fromLabel}, ${settings.toLabel} or both, or choose a Date Range such as All Time.`,
				},
			);
		}
		if (settings.sendRangeAs === undefined) delete query.dateRange;
		else query.dateRange = settings.sendRangeAs;
		return requestOptions;
	});
}

export interface DateRangeSettings {
	/** the spec's default of this endpoint */
	defaultRange: DateRange;
	/** what the range applies to, e.g. "the available date" */
	appliesTo?: string;
}

/** dateRange (the 32 spec values + Custom) and, for Custom, From/To date pickers. */
export function dateRangeFields(show: Show, settings: DateRangeSettings): INodeProperties[] {
	const appliesTo = settings.appliesTo ? ` of ${settings.appliesTo}` : '';
	const rangeOptions: INodePropertyOptions[] = [
		...DATE_RANGES.map((range) => ({ name: rangeDisplayName(range), value: range })),
		{
			name: 'Custom',
			value: CUSTOM_DATE_RANGE,
			description: 'Choose the first and last date yourself',
		},
	];
	const customShow: Show = { ...show, dateRange: [CUSTOM_DATE_RANGE] };
	const defaultRange = settings.defaultRange;
	return [
		{
			displayName: 'Date Range',
			name: 'dateRange',
			type: 'options',
			displayOptions: { show },
			options: rangeOptions.sort(byName),
			default: defaultRange,
			description: `Period${appliesTo} to report on`,
			routing: {
				send: {
					type: 'query',
					property: 'dateRange',
					preSend: [customDateRange({ fromLabel: 'From', toLabel: 'To', sendRangeAs: 'all_time' })],
				},
			},
		},
		serviceDateField({
			displayName: 'From',
			name: 'dateFrom',
			description: `First day${appliesTo} (sent as MM/DD/YYYY)`,
			show: customShow,
		}),
		serviceDateField({
			displayName: 'To',
			name: 'dateTo',
			description: `Last day${appliesTo} (sent as MM/DD/YYYY)`,
			show: customShow,
		}),
	];
}

/** An options field sent as a query parameter (spec enums). */
export function queryOptionsField(
	field: Omit<INodeProperties, 'type' | 'routing' | 'options'> & { options: INodePropertyOptions[] },
	type: 'options' | 'multiOptions' = 'options',
): INodeProperties {
	return {
		...field,
		type,
		routing: { send: { type: 'query', property: field.name } },
	};
}

/** A plain string sent as a query parameter. */
export function queryStringField(field: Omit<INodeProperties, 'type' | 'routing'>): INodeProperties {
	return {
		...field,
		type: 'string',
		routing: { send: { type: 'query', property: field.name } },
	};
}

/** The spec's accounting basis parameter of the financial reports. */
export function accountingBasisFilter(): INodeProperties {
	return queryOptionsField({
		displayName: 'Accounting Basis',
		name: 'accounting',
		default: 'cash',
		description: 'Cash or accrual basis of the report',
		options: [
			{ name: 'Accrual', value: 'accrual' },
			{ name: 'Cash', value: 'cash' },
		],
	});
}

/** Spec parameters whose values are literally Yes/No. */
export function yesNoFilter(field: { displayName: string; name: string; description: string }): INodeProperties {
	return queryOptionsField({
		...field,
		default: 'No',
		options: [
			{ name: 'No', value: 'No' },
			{ name: 'Yes', value: 'Yes' },
		],
	});
}

/** Visibility values shared by the owners and tenants lists. */
export const VISIBILITY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Active', value: 'active' },
	{ name: 'All', value: 'all' },
	{ name: 'Hidden', value: 'hidden' },
];

/** The standard parameter set of a list operation: Return All, Limit, Filters, Options. */
export function listOperationFields(
	show: Show,
	filters: INodeProperties[],
	settings: EngineOptionsSettings = {},
): INodeProperties[] {
	return [
		...returnAllLimit(show, settings.returnAllByDefault),
		...(filters.length ? [filtersCollection(show, filters)] : []),
		...simplifyFields(show),
		engineOptions(show, settings),
	];
}

/** A report's rows belong together: Return All is on unless the user limits it. */
export function reportOperationFields(show: Show, filters: INodeProperties[]): INodeProperties[] {
	return listOperationFields(show, filters, { returnAllByDefault: true });
}
