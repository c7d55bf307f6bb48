/**
 * preSend hooks of the create operations: read the item's parameters, validate them (nothing is
 * sent when a rule fails) and write the request body. Wrapped by the engine's validatingPreSend
 * so a failure becomes the item's NodeOperationError.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';

import { validatingPreSend } from './transport';
import type { FieldRule, ItemContext } from './validation';
import {
	billBody,
	billRules,
	propertyGroupBody,
	propertyGroupRules,
	purchaseOrderBody,
	purchaseOrderRules,
	tenantChargeBody,
	tenantChargeRules,
	vendorBody,
	vendorRules,
} from './validationBodies';
import { invoiceByUrl, invoiceFromBinary, type InvoiceSource } from './validationInvoice';
import {
	BILL_LABELS,
	PROPERTY_GROUP_LABELS,
	PURCHASE_ORDER_LABELS,
	TENANT_CHARGE_LABELS,
	VENDOR_LABELS,
	type FieldLabels,
} from './validationLabels';
import {
	billLineItemRules,
	lineItemsFromInput,
	purchaseOrderLineItemRules,
	type LineItemsInput,
} from './validationLineItems';

function itemContext(context: IExecuteSingleFunctions, labels: FieldLabels): ItemContext {
	return { node: context.getNode(), itemIndex: context.getItemIndex(), labels, timeZone: context.getTimezone() };
}

/** Top-level fields and "Additional Fields" as one record keyed by the service's names. */
function parametersOf(
	context: IExecuteSingleFunctions,
	rules: Record<string, FieldRule>,
): IDataObject {
	const params = { ...(context.getNodeParameter('additionalFields', {}) as IDataObject) };
	// Raw values: the rules unwrap resource locators themselves (extractValue would throw for
	// names that are not top-level parameters of this operation).
	for (const name of Object.keys(rules)) {
		const value = context.getNodeParameter(name, null);
		if (value !== null) params[name] = value as IDataObject[string];
	}
	return params;
}

function lineItemsOf(
	context: IExecuteSingleFunctions,
	ctx: ItemContext,
	rules: Record<string, FieldRule>,
): IDataObject[] {
	return lineItemsFromInput(
		ctx,
		context.getNodeParameter('lineItemsInput', 'fields') as LineItemsInput,
		context.getNodeParameter('lineItemsUi', {}),
		context.getNodeParameter('lineItemsJson', '[]'),
		rules,
	);
}

type BodyBuilder = (context: IExecuteSingleFunctions, ctx: ItemContext) => Promise<IDataObject>;

/** `labels` name the parameters in error messages as the create's form shows them. */
function sendingBody(labels: FieldLabels, build: BodyBuilder): PreSendAction {
	return validatingPreSend(async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		requestOptions.body = await build(this, itemContext(this, labels));
		return requestOptions;
	});
}

export const createVendorPreSend = sendingBody(VENDOR_LABELS, async (context, ctx) =>
	vendorBody(ctx, parametersOf(context, vendorRules)),
);

export const createPropertyGroupPreSend = sendingBody(PROPERTY_GROUP_LABELS, async (context, ctx) =>
	propertyGroupBody(ctx, parametersOf(context, propertyGroupRules)),
);

export const createTenantChargePreSend = sendingBody(TENANT_CHARGE_LABELS, async (context, ctx) =>
	tenantChargeBody(ctx, parametersOf(context, tenantChargeRules)),
);

export const createPurchaseOrderPreSend = sendingBody(PURCHASE_ORDER_LABELS, async (context, ctx) =>
	purchaseOrderBody(
		ctx,
		parametersOf(context, purchaseOrderRules),
		lineItemsOf(context, ctx, purchaseOrderLineItemRules),
	),
);

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
