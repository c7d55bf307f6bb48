import type { IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

/**
 * How a preSend's refusal reaches the user as an error of its item. A preSend that throws reaches
 * RoutingNode, which drops pairedItem and re-wraps the error; instead the error is parked here, and
 * the routing hook (routingHook.ts) of the same item raises it before any request is sent.
 *
 * It cannot simply be thrown where it is found: n8n-core's RoutingNode runs every
 * preSend inside its makeRequest and turns a rejection into a NodeApiError of its own (another class,
 * `httpCode: 'none'`), or, under Continue On Fail, into `{ json: {}, error }` without the item's
 * `{ error }` text; and a create's refusal must also stop the later items of its run (createOrder.ts),
 * which only the hook's turn can do. So the refusal waits here until the hook's turn for the item.
 *
 * The hook finds it by the request options the preSend returned or, as n8n may copy those, by the
 * context. That rests on how RoutingNode builds the hook's context: n8n-core's routing-node.ts calls
 * the preSend with the item's execute-single context and the pagination hook with
 * `Object.create(thatContext, { makeRoutingRequest })`, so the hook's context has the preSend's as
 * its prototype. test/node/preSendErrors.test.ts pins that through n8n-core's real RoutingNode; if a
 * later n8n builds the context otherwise, that test fails (and the refusal would be lost silently
 * only for requests whose options n8n copied).
 */
const parkedByOptions = new WeakMap<object, Error>();
const parkedByContext = new WeakMap<object, Error>();

export function validatingPreSend(fn: PreSendAction): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		try {
			return await fn.call(this, requestOptions);
		} catch (error) {
			const parked = error instanceof Error ? error : new Error(String(error));
			parkedByOptions.set(requestOptions, parked);
			parkedByContext.set(this, parked);
			return requestOptions;
		}
	};
}

/** The refusal parked for this item, if any: `hookContext` is the routing hook's `this`. */
export function parkedError(hookContext: object, options: object): Error | undefined {
	return (
		parkedByOptions.get(options) ??
		parkedByContext.get(Object.getPrototypeOf(hookContext) as object) ??
		parkedByContext.get(hookContext)
	);
}
