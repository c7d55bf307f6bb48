/** The bill create: its rules, labels, line items and body; the invoice PDF is in invoice.ts. */
import type { IDataObject } from 'n8n-workflow';

import { optionalUsDate, usDate } from '../../../shared/dates';
import type { FieldLabels } from '../../../shared/create/labels';
import { lineItemsOf, parametersOf, sendingBody } from '../../../shared/create/preSend';
import {
	applyRules,
	decimalAmount,
	invalidField,
	optionalId,
	optionalText,
	requiredId,
	type FieldRule,
	type ItemContext,
} from '../../../shared/create/rules';
import { invoiceByUrl, invoiceFromBinary, type InvoiceSource } from './invoice';

export const BILL_LABELS: FieldLabels = {
	vendorId: 'Vendor',
	billDate: 'Bill Date',
	dueDate: 'Due Date',
	purchaseOrderId: 'Purchase Order',
	reference: 'Reference',
	remarks: 'Remarks',
	memoForCheck: 'Memo for Check',
	lineItems: 'Line Items',
	invoice: 'Invoice PDF',
	invoiceUrl: 'Invoice URL',
	invoiceFileName: 'Invoice File Name',
	binaryPropertyName: 'Input Binary Field',
};

export const billLineItemRules: Record<string, FieldRule> = {
	glAccountId: requiredId,
	propertyId: requiredId,
	amount: decimalAmount,
	unitId: optionalId,
	description: optionalText,
	serviceFrom: optionalUsDate,
	serviceTo: optionalUsDate,
};

/** Without lineItems and invoice: those come from their own inputs (billLineItemRules above, invoice.ts). */
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

export const createBillPreSend = sendingBody(BILL_LABELS, async (context, ctx) => {
	const body = billBody(
		ctx,
		parametersOf(context, billRules),
		lineItemsOf(context, ctx, billLineItemRules),
	);
	const source = context.getNodeParameter('invoiceSource', 'none') as InvoiceSource;
	const fileName = context.getNodeParameter('invoiceFileName', '');
	if (source === 'binary') {
		const property = context.getNodeParameter('binaryPropertyName', 'data');
		body.invoice = await invoiceFromBinary(context, ctx, property, fileName, body);
	} else if (source === 'url') {
		body.invoice = invoiceByUrl(ctx, fileName, context.getNodeParameter('invoiceUrl', ''));
	}
	return body;
});
