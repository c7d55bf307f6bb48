import type { INodeProperties } from 'n8n-workflow';

import { reportOperationFields, type Show } from '../../../shared/descriptions';

/** What places a row of a financial report: its id and title, its GL account and its parent row. */
const FINANCIAL_ROW = ['id', 'title', 'glAccountCode', 'glAccountName', 'parentId'];

/**
 * What Simplify keeps of a report's rows (shared/descriptions/simplify.ts), per operation; the balance sheet's
 * and the recurring rent roll's rows are small enough whole.
 */
const REPORT_SIMPLIFIED = {
	getRentRoll: [
		'property', 'unit', 'tenant', 'status', 'leaseFrom', 'leaseTo', 'rent', 'marketRent',
		'pastDue', 'occupancyId',
	],
	getRentRollItemized: [
		'occupancyId', 'tenant', 'propertyName', 'unit', 'glAccountName', 'chargeType', 'amount',
		'rent', 'deposit',
	],
	getCashFlow: [...FINANCIAL_ROW, 'selectedPeriod', 'selectedPeriodAsPercent', 'fiscalYearToDate'],
	getIncomeStatement: [
		'accountName', 'accountNumber', 'rowType', 'level', 'monthToDate', 'monthToDatePercent',
		'yearToDate', 'yearToDatePercent', 'lastYearToDate', 'glAccountId',
	],
	getAnnualBudgetComparative: [
		'title', 'glAccountName', 'glAccountCode', 'mtdActual', 'mtdBudget', 'mtdAmountVariance',
		'ytdActual', 'ytdBudget', 'ytdAmountVariance', 'annual',
	],
};

/** A report operation's standard fields (shared/descriptions), with the fields its Simplify keeps. */
export function reportFields(show: Show, filters: INodeProperties[]): INodeProperties[] {
	return reportOperationFields(show, filters, REPORT_SIMPLIFIED);
}
