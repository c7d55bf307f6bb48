import type { INodeProperties } from 'n8n-workflow';
import { sendAsServiceMonth } from '../dates';
import { CUSTOM_DATE_RANGE, customDateRange, type Show } from './index';
import { validatingPreSend } from '../transport';

/** The lease history's own ranges (whole months), as the service's docs list them: [name, value, description]. */
const MONTH_RANGES: Array<[string, string, string]> = [
	['Last Month', 'last_month', 'The previous calendar month'],
	['Last Quarter', 'last_quarter', 'The previous calendar quarter'],
	['Last Year', 'last_year', 'The previous calendar year'],
	['Rolling 12 Months', 'rolling_12_months', 'This month and the eleven before it'],
	['This and Next 3 Months', 'this_and_next_3_months', 'This month and the three after it'],
	['This and Next 6 Months', 'this_and_next_6_months', 'This month and the six after it'],
	['This Month', 'this_month', 'The current calendar month'],
	['This Quarter', 'this_quarter', 'The current calendar quarter'],
	['This Year', 'this_year', 'The current calendar year'],
	['This Year to Month', 'this_year_to_month', 'January through the current month'],
	['Trailing 12 Months', 'trailing_12_months', 'The twelve months before this one'],
	['Trailing 3 Months', 'trailing_3_months', 'The three months before this one'],
	['Trailing 6 Months', 'trailing_6_months', 'The six months before this one'],
];

function monthField(
	name: 'dateFrom' | 'dateTo',
	displayName: string,
	description: string,
	show: Show,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: 'e.g. 03/2026',
		description,
		displayOptions: { show: { ...show, dateRange: [CUSTOM_DATE_RANGE] } },
		routing: {
			send: {
				type: 'query',
				property: name,
				preSend: [validatingPreSend(sendAsServiceMonth(name))],
			},
		},
	};
}

/** dateRange of whole months (default this and next 6 months) and, for Custom, From/To months sent as MM/YYYY. */
export function monthRangeFields(show: Show, appliesTo: string): INodeProperties[] {
	const options = [
		...MONTH_RANGES.map(([name, value, description]) => ({ name, value, description })),
		{
			name: 'Custom',
			value: CUSTOM_DATE_RANGE,
			description: 'Choose the first and last month yourself',
		},
	];
	return [
		{
			displayName: 'Date Range',
			name: 'dateRange',
			type: 'options',
			displayOptions: { show },
			options,
			default: 'this_and_next_6_months',
			description: `Months of ${appliesTo} to list`,
			routing: {
				send: {
					type: 'query',
					property: 'dateRange',
					preSend: [customDateRange({ fromLabel: 'From', toLabel: 'To' })],
				},
			},
		},
		monthField('dateFrom', 'From', `First month of ${appliesTo} (MM/YYYY)`, show),
		monthField('dateTo', 'To', `Last month of ${appliesTo} (MM/YYYY)`, show),
	];
}
