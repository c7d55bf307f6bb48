import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	resourceLocator,
} from '../../shared/descriptions';

const showGetMany = { resource: ['bankAccount'], operation: ['getAll'] };
const showGetActivity = { resource: ['bankAccount'], operation: ['getActivity'] };

export const bankAccountDescription: INodeProperties[] = [
	operationSelector('bankAccount', [
		{
			name: 'Get Activity',
			value: 'getActivity',
			action: 'Get bank account activity',
			description: 'List the transactions of a bank account with a running balance',
			method: 'GET',
			url: '/v1/bank-account-activity',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many bank accounts',
			description: 'List bank accounts with masked account and routing numbers',
			method: 'GET',
			url: '/v1/bank-accounts',
		},
	]),
	...listOperationFields(showGetMany, []),
	resourceLocator({
		displayName: 'Bank Account',
		name: 'bankAccountId',
		searchListMethod: 'searchBankAccounts',
		description: 'Bank account whose activity to list',
		show: showGetActivity,
		required: true,
	}),
	...dateRangeFields(showGetActivity, { defaultRange: 'this_month_to_date', appliesTo: 'the transaction date' }),
	...listOperationFields(showGetActivity, []),
];

export const bankAccountResource: ResourceDefinition = {
	name: 'Bank Account',
	value: 'bankAccount',
	properties: bankAccountDescription,
};
