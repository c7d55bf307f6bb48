/**
 * The preSend of every create: read the item's parameters, validate them (nothing is sent when a
 * rule fails) and write the request body. Wrapped by the engine's validatingPreSend so a failure
 * becomes the item's NodeOperationError. Each resource's body.ts gives the rules and the body.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';

import { validatingPreSend } from '../transport';
import type { FieldLabels } from './labels';
import { lineItemsFromInput, type LineItemsInput } from './lineItems';
import type { FieldRule, ItemContext } from './rules';

function itemContext(context: IExecuteSingleFunctions, labels: FieldLabels): ItemContext {
	return { node: context.getNode(), itemIndex: context.getItemIndex(), labels, timeZone: context.getTimezone() };
}

/** Top-level fields and "Additional Fields" as one record keyed by the service's names. */
export function parametersOf(
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

export function lineItemsOf(
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

export type BodyBuilder = (context: IExecuteSingleFunctions, ctx: ItemContext) => Promise<IDataObject>;

/** `labels` name the parameters in error messages as the create's form shows them. */
export function sendingBody(labels: FieldLabels, build: BodyBuilder): PreSendAction {
	return validatingPreSend(async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		requestOptions.body = await build(this, itemContext(this, labels));
		return requestOptions;
	});
}

/** The preSend of a create without line items: `body` of the top-level and Additional Fields the rules name. */
export function sendingFieldsBody(
	labels: FieldLabels,
	rules: Record<string, FieldRule>,
	body: (ctx: ItemContext, params: IDataObject) => IDataObject,
): PreSendAction {
	return sendingBody(labels, async (context, ctx) => body(ctx, parametersOf(context, rules)));
}
