import type { INodeProperties } from 'n8n-workflow';
import {
	accountingBasisFilter,
	dateRangeFields,
	queryOptionsField,
	scopeFilters,
	serviceDateField,
	yesNoFilter,
} from '../../../shared/descriptions';
import { reportFields } from './simplified';

const showCashFlow = { resource: ['report'], operation: ['getCashFlow'] };
const showBalanceSheet = { resource: ['report'], operation: ['getBalanceSheet'] };
const showIncomeStatement = { resource: ['report'], operation: ['getIncomeStatement'] };
const showBudgetComparative = { resource: ['report'], operation: ['getAnnualBudgetComparative'] };

const cashFlowFields: INodeProperties[] = [
	...dateRangeFields(showCashFlow, { defaultRange: 'this_month_to_date' }),
	...reportFields(showCashFlow, [
		...scopeFilters(),
		accountingBasisFilter(),
		yesNoFilter({
			displayName: 'Owner Percent Based',
			name: 'ownerPercentBased',
			description: 'Whether amounts are shown according to the owners’ percentage of ownership',
		}),
	]),
];

const balanceSheetFields: INodeProperties[] = [
	...reportFields(showBalanceSheet, [
		...scopeFilters(),
		accountingBasisFilter(),
		queryOptionsField({
			displayName: 'As Of',
			name: 'asOf',
			default: 'end_of_this_month',
			description: 'Relative as-of date; ignored when an As-Of Date is given',
			options: [
				{ name: 'End of Last Month', value: 'end_of_last_month' },
				{ name: 'End of Last Quarter', value: 'end_of_last_quarter' },
				{ name: 'End of Last Week', value: 'end_of_last_week' },
				{ name: 'End of Last Year', value: 'end_of_last_year' },
				{ name: 'End of This Month', value: 'end_of_this_month' },
				{ name: 'End of This Quarter', value: 'end_of_this_quarter' },
				{ name: 'End of This Year', value: 'end_of_this_year' },
				{ name: 'Today', value: 'today' },
				{ name: 'Yesterday', value: 'yesterday' },
			],
		}),
		serviceDateField({
			displayName: 'As-Of Date',
			name: 'date',
			description: 'Balances as of this date (sent as MM/DD/YYYY); takes precedence over As Of',
		}),
		yesNoFilter({
			displayName: 'Include Zero Balance GL Accounts',
			name: 'includeZeroBalanceGlAccounts',
			description: 'Whether GL accounts with a zero balance get a row',
		}),
	]),
];

/** month and year to this day */
function toDateField(report: string): INodeProperties {
	return serviceDateField({
		displayName: 'As-Of Date',
		name: 'date',
		description: `${report} to this date, month to date and year to date (sent as MM/DD/YYYY); today when not set`,
	});
}

const incomeStatementFields: INodeProperties[] = [
	...reportFields(showIncomeStatement, [
		...scopeFilters(),
		accountingBasisFilter(),
		toDateField('Income statement'),
	]),
];

const budgetComparativeFields: INodeProperties[] = [
	...reportFields(showBudgetComparative, [
		...scopeFilters(),
		accountingBasisFilter(),
		toDateField('Actuals against the budget'),
	]),
];

export const financialReportFields: INodeProperties[] = [
	...cashFlowFields,
	...balanceSheetFields,
	...incomeStatementFields,
	...budgetComparativeFields,
];
