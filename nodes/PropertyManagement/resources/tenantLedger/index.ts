import {
	dateRangeFields,
	writeOptions,
	listOperationFields,
	resourceLocator,
} from '../../../shared/descriptions';
import { additionalFields, bodyLocator } from '../../../shared/descriptions/fields';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';
import { createTenantChargePreSend } from './body';

const occupancy = {
	displayName: 'Occupancy',
	name: 'occupancyId',
	searchListMethod: 'searchOccupancies',
	required: true,
};

export const tenantLedgerResource = defineResource('Tenant Ledger', 'tenantLedger', [
	getMany('tenant ledger entries', {
		description: 'List the charges, payments and credits of an occupancy with a running balance: what a tenant owes (occupancy ID from Get Many tenants)',
		url: '/v1/tenant-ledger',
		fields: (show) => [
			resourceLocator({ ...occupancy, description: 'Occupancy (lease) whose ledger to list', show }),
			...dateRangeFields(show, { defaultRange: 'all_time', appliesTo: 'the transaction date' }),
			...listOperationFields(show, []),
		],
	}),
	{
		name: 'Create Charge',
		value: 'createCharge',
		action: 'Create tenant charge',
		description: 'Post a charge to the ledger of an occupancy (the tenant is not notified)',
		method: 'POST',
		url: '/v1/tenant-charge',
		preSend: [createTenantChargePreSend],
		fields: (show) => [
			bodyLocator({ ...occupancy, description: 'Occupancy (lease) to charge', show }),
			{
				displayName: 'Amount',
				name: 'amount',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 75.00',
				displayOptions: { show },
				description: 'Dollars as a decimal number; sent exactly as written',
			},
			{
				displayName: 'Charge Date',
				name: 'chargeDate',
				type: 'dateTime',
				required: true,
				default: '',
				displayOptions: { show },
				description: 'Sent as MM/DD/YYYY',
			},
			{
				displayName: 'Posting Date',
				name: 'postingDate',
				type: 'dateTime',
				required: true,
				default: '',
				displayOptions: { show },
				description: 'Accounting date of the charge (sent as MM/DD/YYYY)',
			},
			bodyLocator({
				displayName: 'GL Account',
				name: 'glAccountId',
				searchListMethod: 'searchGlAccounts',
				description: 'GL account of the charge',
				show,
				required: true,
			}),
			additionalFields(show, [
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					description: "What the charge is for, as the tenant's ledger shows it, e.g. Late fee March",
				},
				{
					displayName: 'Create Despite Warnings',
					name: 'warningsOk',
					type: 'boolean',
					default: false,
					description:
						'Whether to create the charge even when the service warns (e.g. a previous month); the warnings are returned in "warnings"',
				},
			]),
			writeOptions(show),
		],
	},
]);
