import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../../shared/descriptions/resourceDefinition';
import { operationSelector } from '../../../shared/descriptions';
import { financialReportFields } from './financial';
import { rentRollFields } from './rentRoll';

export const reportDescription: INodeProperties[] = [
	operationSelector('report', [
		{
			name: 'Get Annual Budget Comparative',
			value: 'getAnnualBudgetComparative',
			action: 'Get annual budget comparative',
			description: 'Budget against actual per GL account for a year, as report rows',
			method: 'GET',
			url: '/v1/annual-budget-comparative',
		},
		{
			name: 'Get Balance Sheet',
			value: 'getBalanceSheet',
			action: 'Get balance sheet',
			description: 'Balances per GL account as of a date, as report rows',
			method: 'GET',
			url: '/v1/balance-sheet',
		},
		{
			name: 'Get Cash Flow',
			value: 'getCashFlow',
			action: 'Get cash flow report',
			description: 'Income and expenses of a period and of the fiscal year to date, as report rows',
			method: 'GET',
			url: '/v1/cash-flow',
		},
		{
			name: 'Get Income Statement',
			value: 'getIncomeStatement',
			action: 'Get income statement',
			description: 'Income and expenses of a period, as report rows',
			method: 'GET',
			url: '/v1/income-statement',
		},
		{
			name: 'Get Rent Roll',
			value: 'getRentRoll',
			action: 'Get rent roll',
			description: 'One row per unit with tenant, lease, rent and balances as of a date: who lives where, what they pay and what is past due',
			method: 'GET',
			url: '/v1/rent-roll',
		},
		{
			name: 'Get Rent Roll Itemized',
			value: 'getRentRollItemized',
			action: 'Get itemized rent roll',
			description: 'Rent roll with one row per charge type of each occupancy',
			method: 'GET',
			url: '/v1/rent-roll-itemized',
		},
		{
			name: 'Get Rent Roll Recurring',
			value: 'getRentRollRecurring',
			action: 'Get recurring charges rent roll',
			description: 'Recurring charges of each occupancy as of a date',
			method: 'GET',
			url: '/v1/rent-roll-recurring',
		},
	]),
	...financialReportFields,
	...rentRollFields,
];

export const reportResource: ResourceDefinition = {
	name: 'Report',
	value: 'report',
	properties: reportDescription,
};
