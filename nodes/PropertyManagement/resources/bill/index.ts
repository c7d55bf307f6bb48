import { listOperationFields, serviceDateField } from '../../../shared/descriptions';
import { billRecordFilters } from '../../../shared/descriptions/recordFilters';
import { defineResource, getMany, getOne } from '../../../shared/descriptions/resourceDefinition';
import { createBillPreSend } from './body';
import { billCreateFields } from './create';
import { BILL_DETAIL, BILL_LISTED } from './simplified';

export const billResource = defineResource('Bill', 'bill', [
	getMany('bills', {
		description: 'List bills (without line items) with payee, dates, amount and payment status: what is owed to vendors and when',
		url: '/v1/bills',
		fields: (show) =>
			listOperationFields(show, [
				serviceDateField({
					displayName: 'Bill Date From',
					name: 'billDateFrom',
					description: 'Only bills dated on or after this day (sent as MM/DD/YYYY)',
				}),
				serviceDateField({
					displayName: 'Bill Date To',
					name: 'billDateTo',
					description: 'Only bills dated on or before this day (sent as MM/DD/YYYY)',
				}),
				...billRecordFilters,
			], { simplify: BILL_LISTED }),
	}),
	getOne('Get bill', {
		description: 'Get one bill with its line items, approval state and attachments',
		path: '/v1/bills',
		locator: { displayName: 'Bill', name: 'billId', searchListMethod: 'searchBills', description: 'The bill to get' },
		simplify: BILL_DETAIL,
	}),
	{
		name: 'Create',
		value: 'create',
		action: 'Create bill',
		description:
			'Create a bill for a vendor, optionally against a purchase order and with its invoice PDF',
		method: 'POST',
		url: '/v1/bills',
		preSend: [createBillPreSend],
		// create.ts builds them with this operation's display condition
		fields: () => billCreateFields,
	},
]);
