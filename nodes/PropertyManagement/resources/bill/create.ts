import type { INodeProperties } from 'n8n-workflow';

import { writeOptions } from '../../../shared/descriptions';
import { simplifyFields } from '../../../shared/descriptions/simplify';
import {
	additionalFields,
	bodyLocator,
	lineItemAccountAndProperty,
	lineItemsParameters,
} from '../../../shared/descriptions/fields';
import { BILL_DETAIL } from './simplified';

const showCreate = { resource: ['bill'], operation: ['create'] };

const datePicker = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	default: '',
	description: `${description} (sent as MM/DD/YYYY)`,
});

const billLineItemFields: INodeProperties[] = [
	...lineItemAccountAndProperty(),
	{
		displayName: 'Amount',
		name: 'amount',
		type: 'string',
		default: '',
		placeholder: 'e.g. 125.50',
		description: 'Decimal amount, sent exactly as written',
	},
	datePicker('Service From', 'serviceFrom', 'First day of the service billed'),
	datePicker('Service To', 'serviceTo', 'Last day of the service billed'),
];

const invoiceFields: INodeProperties[] = [
	{
		displayName: 'Invoice PDF',
		name: 'invoiceSource',
		type: 'options',
		default: 'none',
		displayOptions: { show: showCreate },
		description: 'Attach the invoice PDF to the bill, from the input item or from a link; None sends the bill without one',
		options: [
			{ name: 'None', value: 'none', description: 'The bill is created without an invoice PDF' },
			{
				name: 'From Input Binary Field',
				value: 'binary',
				description: 'Send the PDF of the input item inline (up to about 14 MB)',
			},
			{
				name: 'From URL',
				value: 'url',
				description: 'Let the service fetch the PDF (any size)',
			},
		],
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		displayOptions: { show: { ...showCreate, invoiceSource: ['binary'] } },
		description: "Name of the input item's binary field holding the invoice PDF; most nodes that read a file name it data",
	},
	{
		displayName: 'Invoice URL',
		name: 'invoiceUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://files.example.com/invoice-1042.pdf',
		displayOptions: { show: { ...showCreate, invoiceSource: ['url'] } },
		description: 'Link to the invoice PDF, which the service fetches itself',
	},
	{
		displayName: 'Invoice File Name',
		name: 'invoiceFileName',
		type: 'string',
		default: '',
		displayOptions: { show: { ...showCreate, invoiceSource: ['binary', 'url'] } },
		description: "Defaults to the binary file's name or the URL's last segment",
	},
];

export const billCreateFields: INodeProperties[] = [
	bodyLocator({
		displayName: 'Vendor',
		name: 'vendorId',
		searchListMethod: 'searchVendors',
		description: 'Existing vendor the bill is from',
		show: showCreate,
		required: true,
	}),
	{
		...datePicker('Bill Date', 'billDate', 'Date of the bill'),
		required: true,
		displayOptions: { show: showCreate },
	},
	{
		...datePicker('Due Date', 'dueDate', 'Date the bill is due'),
		required: true,
		displayOptions: { show: showCreate },
	},
	...lineItemsParameters(
		showCreate,
		billLineItemFields,
		'[{"glAccountId": "6110", "propertyId": "101", "amount": "125.50", "description": "Plumbing"}]',
	),
	...invoiceFields,
	additionalFields(showCreate, [
		{
			displayName: 'Allow Due Date Before Bill Date',
			name: 'allowDueBeforeBillDate',
			type: 'boolean',
			default: false,
			description:
				'Whether to send a bill whose Due Date is before its Bill Date; without this the item is refused as a likely typo. The service may still refuse it.',
		},
		bodyLocator({
			displayName: 'Purchase Order',
			name: 'purchaseOrderId',
			searchListMethod: 'searchPurchaseOrders',
			description:
				"Enter the bill against this order: the bill carries the order's number and the order lists the bill",
		}),
		{
			displayName: 'Reference',
			name: 'reference',
			type: 'string',
			default: '',
			description: 'E.g. the invoice number.',
		},
		{
			displayName: 'Remarks',
			name: 'remarks',
			type: 'string',
			default: '',
			description: 'Note kept on the bill, e.g. Approved by phone with the owner',
		},
		{
			displayName: 'Memo for Check',
			name: 'memoForCheck',
			type: 'string',
			default: '',
			description: 'Memo printed on the check that pays the bill, e.g. Invoice 1042',
		},
	]),
	...simplifyFields(showCreate, BILL_DETAIL),
	writeOptions(showCreate),
];
