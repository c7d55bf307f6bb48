import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { sendAsServiceDate } from '../dates';
import { validatingPreSend } from '../transport';
import type { Show } from './show';
import { byName } from './order';

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
	 * all_time: the dates narrow it under either reading (docs/trigger.md, "Three reads"). Undefined: dateRange is
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
