import type { INodeProperties } from 'n8n-workflow';

import { writeOptions, listOperationFields, optionsNamedAsSent, type Show } from '../../../shared/descriptions';
import { simplifyFields } from '../../../shared/descriptions/simplify';
import { additionalFields, bodyLocator } from '../../../shared/descriptions/fields';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';
import { createVendorPreSend, PHONE_LABELS, VENDOR_TYPES } from './body';

const VENDOR_TYPE_NAMES: Record<(typeof VENDOR_TYPES)[number], string> = {
	general: 'General',
	utility: 'Utility',
	external_management_company: 'External Management Company',
	'in-house_maintenance': 'In-House Maintenance',
};

const text = (displayName: string, name: string, description?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...(description ? { description } : {}),
});

const nameFields = (show: Show): INodeProperties[] => [
	{
		...text('Company Name', 'companyName', 'Required unless First Name and Last Name are given'),
		displayOptions: { show },
	},
	{
		...text('First Name', 'firstName', 'Required with Last Name unless Company Name is given'),
		displayOptions: { show },
	},
	{
		...text('Last Name', 'lastName', 'Required with First Name unless Company Name is given'),
		displayOptions: { show },
	},
];

const optionalVendorFields: INodeProperties[] = [
	text('Street', 'addressStreet', "First line of the vendor's address, e.g. 12 Harbor Way"),
	text('Street 2', 'addressStreet2', 'Second line of the address, e.g. Suite 200'),
	text('City', 'addressCity', "City of the vendor's address"),
	text('State', 'addressState', 'Region code, e.g. CA'),
	text('ZIP', 'addressZip', 'Postal code, e.g. 94107'),
	text(
		'Country',
		'addressCountry',
		'ISO 3166-1 two-letter code; the service uses US when any other address field is given',
	),
	text('Phone Number', 'phoneNumber', "The vendor's phone number, e.g. (555) 123-4567"),
	{
		displayName: 'Phone Label',
		name: 'phoneLabel',
		type: 'options',
		default: 'Office',
		description: 'Label of the phone number (needs a Phone Number)',
		options: optionsNamedAsSent(PHONE_LABELS),
	},
	{ ...text('Email', 'email', "The vendor's email address"), placeholder: 'e.g. nathan@example.com' },
	bodyLocator({
		displayName: 'GL Account',
		name: 'glAccountId',
		searchListMethod: 'searchGlAccounts',
		description: "GL account the vendor's bills are coded to by default (returned as defaultGLAccount)",
	}),
	text(
		'Trade IDs',
		'tradeIds',
		'Comma-separated work order category IDs (returned as vendorTrades)',
	),
	{
		...text('Tax ID', 'taxId', 'SSN or EIN for the 1099; stored but never returned'),
		typeOptions: { password: true },
	},
	text(
		'Taxpayer Name',
		'taxpayerName',
		'Defaults to the company name when it is the display name, else "First Last"',
	),
	{
		displayName: 'Send 1099',
		name: 'send1099',
		type: 'boolean',
		default: true,
		description: 'Whether the vendor receives a 1099',
	},
	{
		displayName: 'Use Company Name as Display Name',
		name: 'useCompanyNameAsDisplayName',
		type: 'boolean',
		default: false,
		description:
			'Whether the company name is the display name (needs Company Name). The service defaults to true when only a company name is given.',
	},
	{
		displayName: 'Vendor Type',
		name: 'vendorType',
		type: 'options',
		default: 'general',
		description: 'Kind of vendor, e.g. Utility for a water or power company',
		options: VENDOR_TYPES.map((vendorType) => ({
			name: VENDOR_TYPE_NAMES[vendorType],
			value: vendorType,
		})),
	},
];

export const vendorResource = defineResource('Vendor', 'vendor', [
	getMany('vendors', {
		description: 'List vendors with contact details, insurance expirations and trades',
		url: '/v1/vendors',
		fields: (show) => listOperationFields(show, [], {
			simplify: ['upstreamId', 'name', 'companyName', 'email', 'phoneNumbers', 'fullAddress',
				'vendorTrades', 'paymentType', 'send1099', 'doNotUseForWorkOrder'],
		}),
	}),
	{
		name: 'Create',
		value: 'create',
		action: 'Create vendor',
		description: 'Create a person or company vendor',
		method: 'POST',
		url: '/v1/vendors',
		preSend: [createVendorPreSend],
		fields: (show) => [
			...nameFields(show),
			additionalFields(show, optionalVendorFields),
			...simplifyFields(show, ['upstreamId', 'name', 'companyName', 'firstName', 'lastName',
				'vendorType', 'email', 'phoneNumbers', 'defaultGLAccount', 'address']),
			writeOptions(show),
		],
	},
]);
