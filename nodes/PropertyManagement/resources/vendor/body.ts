/** The vendor create: its rules, labels and body (the create's fields are in index.ts). */
import type { IDataObject } from 'n8n-workflow';

import { sendingFieldsBody } from '../../../shared/create/preSend';
import type { FieldLabels } from '../../../shared/create/labels';
import {
	applyRules,
	idList,
	invalidField,
	isoCountry,
	oneOf,
	optional,
	optionalBoolean,
	optionalEmail,
	optionalId,
	optionalText,
	type FieldRule,
	type ItemContext,
} from '../../../shared/create/rules';

export const VENDOR_TYPES = [
	'general',
	'utility',
	'external_management_company',
	'in-house_maintenance',
] as const;
export const PHONE_LABELS = ['Office', 'Mobile', 'Home', 'Fax'] as const;

export const VENDOR_LABELS: FieldLabels = {
	companyName: 'Company Name',
	firstName: 'First Name',
	lastName: 'Last Name',
	useCompanyNameAsDisplayName: 'Use Company Name as Display Name',
	vendorType: 'Vendor Type',
	addressStreet: 'Street',
	addressStreet2: 'Street 2',
	addressCity: 'City',
	addressState: 'State',
	addressZip: 'ZIP',
	addressCountry: 'Country',
	phoneNumber: 'Phone Number',
	phoneLabel: 'Phone Label',
	email: 'Email',
	glAccountId: 'GL Account',
	tradeIds: 'Trade IDs',
	taxId: 'Tax ID',
	taxpayerName: 'Taxpayer Name',
	send1099: 'Send 1099',
};

export const vendorRules: Record<string, FieldRule> = {
	firstName: optionalText,
	lastName: optionalText,
	companyName: optionalText,
	useCompanyNameAsDisplayName: optionalBoolean,
	vendorType: optional((ctx, field, value) => oneOf(ctx, field, value, VENDOR_TYPES)),
	addressStreet: optionalText,
	addressStreet2: optionalText,
	addressCity: optionalText,
	addressState: optionalText,
	addressZip: optionalText,
	addressCountry: optional(isoCountry),
	phoneNumber: optionalText,
	phoneLabel: optional((ctx, field, value) => oneOf(ctx, field, value, PHONE_LABELS)),
	email: optionalEmail,
	glAccountId: optionalId,
	tradeIds: idList,
	taxId: optionalText,
	taxpayerName: optionalText,
	send1099: optionalBoolean,
};

export function vendorBody(ctx: ItemContext, params: IDataObject): IDataObject {
	const body = applyRules(ctx, vendorRules, params);
	if (body.companyName === undefined) {
		if (body.firstName === undefined && body.lastName === undefined) {
			throw invalidField(ctx, 'companyName', 'is empty: enter a Company Name, or both First Name and Last Name');
		}
		if (body.firstName === undefined) {
			throw invalidField(ctx, 'firstName', 'is required with Last Name when Company Name is empty: enter both, or a Company Name');
		}
		if (body.lastName === undefined) {
			throw invalidField(ctx, 'lastName', 'is required with First Name when Company Name is empty: enter both, or a Company Name');
		}
	}
	if (body.useCompanyNameAsDisplayName === true && body.companyName === undefined) {
		throw invalidField(ctx, 'useCompanyNameAsDisplayName', 'needs a Company Name: enter one or turn this option off');
	}
	if (body.phoneLabel !== undefined && body.phoneNumber === undefined) {
		throw invalidField(ctx, 'phoneLabel', 'needs a Phone Number: enter one or remove the label');
	}
	return body;
}

export const createVendorPreSend = sendingFieldsBody(VENDOR_LABELS, vendorRules, vendorBody);
