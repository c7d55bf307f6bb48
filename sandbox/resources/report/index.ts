import type { SandboxResource } from '../../types';
import { reportEndpoints } from './endpoints';
import { rentRollEndpoints } from './rentRoll';
import { balanceSheetRow, budgetComparativeRow, cashFlowRow, incomeStatementRow, rentRoll, rentRollItemized, rentRollRecurring } from './schema';

export const reportResource: SandboxResource = {
	endpoints: [...reportEndpoints, ...rentRollEndpoints],
	itemSchemas: {
		'GET /v1/rent-roll': rentRoll,
		'GET /v1/rent-roll-recurring': rentRollRecurring,
		'GET /v1/rent-roll-itemized': rentRollItemized,
		'GET /v1/cash-flow': cashFlowRow,
		'GET /v1/balance-sheet': balanceSheetRow,
		'GET /v1/income-statement': incomeStatementRow,
		'GET /v1/annual-budget-comparative': budgetComparativeRow,
	},
};
