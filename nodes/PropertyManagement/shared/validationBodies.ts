/**
 * Request bodies of the create endpoints, built from the node's parameters (top-level fields and
 * "Additional Fields" flattened into one record) after every rule of the spec's tables held.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	applyRules,
	decimalAmount,
	idList,
	invalidField,
	isBlank,
	isoCountry,
	oneOf,
	optionalBoolean,
	optionalEmail,
	optionalId,
	optionalText,
	requiredId,
	requiredText,
	type FieldRule,
	type ItemContext,
} from './validation';
import { optionalUsDate, usDate } from './validationDates';

export const VENDOR_TYPES = [
	'general',
	'utility',
	'external_management_company',
	'in-house_maintenance',
] as const;
export const PHONE_LABELS = ['Office', 'Mobile', 'Home', 'Fax'] as const;

const optional =
	(rule: FieldRule): FieldRule =>
	(ctx, field, value) =>
		isBlank(value) ? undefined : rule(ctx, field, value);

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

export const propertyGroupRules: Record<string, FieldRule> = {
	name: requiredText,
	propertyIds: idList,
};

export function propertyGroupBody(ctx: ItemContext, params: IDataObject): IDataObject {
	return applyRules(ctx, propertyGroupRules, params);
}

export const tenantChargeRules: Record<string, FieldRule> = {
	occupancyId: requiredId,
	amount: decimalAmount,
	chargeDate: usDate,
	postingDate: usDate,
	glAccountId: requiredId,
	description: optionalText,
	warningsOk: optionalBoolean,
};

export function tenantChargeBody(ctx: ItemContext, params: IDataObject): IDataObject {
	return applyRules(ctx, tenantChargeRules, params);
}

/** Without lineItems and invoice: those come from their own inputs (see validationLineItems, validationInvoice). */
export const billRules: Record<string, FieldRule> = {
	vendorId: requiredId,
	billDate: usDate,
	dueDate: usDate,
	purchaseOrderId: optionalId,
	reference: optionalText,
	remarks: optionalText,
	memoForCheck: optionalText,
};

/** MM/DD/YYYY as a number that orders like the calendar: YYYYMMDD. */
function sortableDate(serviceDate: string): number {
	const [month, day, year] = serviceDate.split('/');
	return Number(`${year}${month}${day}`);
}

export function billBody(
	ctx: ItemContext,
	params: IDataObject,
	lineItems: IDataObject[],
): IDataObject {
	const body = applyRules(ctx, billRules, params);
	const billDate = body.billDate as string;
	const dueDate = body.dueDate as string;
	// The spec has no such rule: a likely typo is caught, a bill that really is due early goes through with the option
	if (params.allowDueBeforeBillDate !== true && sortableDate(dueDate) < sortableDate(billDate)) {
		throw invalidField(
			ctx,
			'dueDate',
			`is before the Bill Date (${billDate}), got '${dueDate}': correct it, or turn on Additional Fields › Allow Due Date Before Bill Date`,
		);
	}
	return { ...body, lineItems };
}

export const purchaseOrderRules: Record<string, FieldRule> = {
	vendorId: requiredId,
	shipToPropertyId: optionalId,
	workOrderIds: idList,
	requiredBy: optionalUsDate,
	invoiceNumber: optionalText,
	instructions: optionalText,
	number: optionalText,
};

export function purchaseOrderBody(
	ctx: ItemContext,
	params: IDataObject,
	lineItems: IDataObject[],
): IDataObject {
	return { ...applyRules(ctx, purchaseOrderRules, params), lineItems };
}
