import { dateRangeFields, listOperationFields, resourceLocator } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const bankAccountResource = defineResource(
	'Bank Account',
	'bankAccount',
	[
		getMany('bank accounts', {
			description: 'List bank accounts with masked account and routing numbers',
			url: '/v1/bank-accounts',
			fields: (show) => listOperationFields(show, []),
		}),
		{
			name: 'Get Activity',
			value: 'getActivity',
			action: 'Get bank account activity',
			description: 'List the transactions of a bank account with a running balance',
			method: 'GET',
			url: '/v1/bank-account-activity',
			fields: (show) => [
				resourceLocator({
					displayName: 'Bank Account',
					name: 'bankAccountId',
					searchListMethod: 'searchBankAccounts',
					description: 'Bank account whose activity to list',
					show,
					required: true,
				}),
				...dateRangeFields(show, { defaultRange: 'this_month_to_date', appliesTo: 'the transaction date' }),
				...listOperationFields(show, [], {
					simplify: ['rowId', 'date', 'transactionType', 'payeeName', 'description',
						'reference', 'debit', 'credit', 'balance', 'reconciled'],
				}),
			],
		},
	],
	'getActivity',
);
