/** The purchase order create: its rules, labels, line items and body. */
import type { IDataObject } from 'n8n-workflow';

import { optionalUsDate } from '../../../shared/dates';
import type { FieldLabels } from '../../../shared/create/labels';
import { lineItemsOf, parametersOf, sendingBody } from '../../../shared/create/preSend';
import {
	applyRules,
	decimalAmount,
	idList,
	optionalId,
	optionalQuantity,
	optionalText,
	requiredId,
	type FieldRule,
	type ItemContext,
} from '../../../shared/create/rules';

export const PURCHASE_ORDER_LABELS: FieldLabels = {
	vendorId: 'Vendor',
	shipToPropertyId: 'Ship To Property',
	workOrderIds: 'Work Order IDs',
	requiredBy: 'Required By',
	invoiceNumber: 'Invoice Number',
	instructions: 'Instructions',
	number: 'Number',
	lineItems: 'Line Items',
};

export const purchaseOrderLineItemRules: Record<string, FieldRule> = {
	glAccountId: requiredId,
	propertyId: requiredId,
	itemAmount: decimalAmount,
	unitId: optionalId,
	quantity: optionalQuantity,
	description: optionalText,
};

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

export const createPurchaseOrderPreSend = sendingBody(PURCHASE_ORDER_LABELS, async (context, ctx) =>
	purchaseOrderBody(
		ctx,
		parametersOf(context, purchaseOrderRules),
		lineItemsOf(context, ctx, purchaseOrderLineItemRules),
	),
);
