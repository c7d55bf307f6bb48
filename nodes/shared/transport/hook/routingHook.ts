import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { apiRequestWithDetails } from '../reading/read';
import { createInItemOrder } from '../writing/createOrder';
import { createRecord } from '../writing/write';
import { downloadFile, type DownloadSettings } from '../reading/download';
import { parkedError } from './preSendErrors';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { toolOptions } from '../settings/toolDefaults';
import { errorItemText, scrubKey } from '../errors';
import { ruledNumber, type NumberSetting } from '../settings/numberRules';
import { CREDENTIAL_TYPE, type ApiResult, type ApiResultDetails, type EngineOptions, type ServiceMeta } from '../types';

function asNodeError(ctx: IExecuteSingleFunctions, error: unknown, apiKey: string) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const message = scrubKey(String((error as Error)?.message ?? error), apiKey);
	return new NodeOperationError(ctx.getNode(), message, { itemIndex: ctx.getItemIndex() });
}

function mergedQuery(qs: IDataObject | undefined, options: EngineOptions): IDataObject {
	const merged: IDataObject = { ...(qs ?? {}) };
	for (const { name, value } of options.additionalQueryParameters?.parameter ?? []) {
		if (!name) continue;
		const existing = merged[name];
		if (existing === undefined) merged[name] = value;
		else merged[name] = [...(Array.isArray(existing) ? existing : [existing]), value] as string[];
	}
	return merged;
}

function pathOf(url: string | undefined): string {
	const raw = url ?? '';
	return /^https?:\/\//i.test(raw) ? new URL(raw).pathname + new URL(raw).search : raw;
}

const NOTIFICATION_COMING =
	'The service is refreshing this data and will POST to the Notify URL when it is ready: route this item to a Wait node (Resume: On Webhook Call), then read again. When the data is already fresh the records are output instead, with no notification to wait for.';

function publicMeta(meta: ServiceMeta): IDataObject {
	const { status, lastUpdated, page, count, query, jobId, path, statusDetails } = meta;
	return { status, lastUpdated, page, count, query, jobId, path, ...(statusDetails ? { statusDetails } : {}) };
}

/**
 * Download Files on a record whose file the service left out (spec: any field may be null, `file` and
 * `signedUrl` included): the record is output without binary data and says why, never silently.
 */
const NO_FILE = 'Not downloaded: the service gave no signed URL for this record (file or file.signedUrl is null)';

/** A number of the item's parameters under its rule (numberRules.ts); refused before anything is sent. */
function checkedNumber(ctx: IExecuteSingleFunctions, setting: NumberSetting, raw: unknown, itemIndex: number): number | undefined {
	const { value, refusal } = ruledNumber(setting, raw, `item ${itemIndex} has`);
	if (refusal) throw new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.description, itemIndex });
	return value;
}

function readParameter<T>(ctx: IExecuteSingleFunctions, name: string, fallback: T): T {
	return ctx.getNodeParameter(name, fallback) as T;
}

/**
 * n8n runs routing.output.postReceive only around its own requests; the engine sends them instead,
 * so it applies the steps the description declares (e.g. Simplify) to the items it returns.
 */
async function declaredPostReceive(
	ctx: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	let result = items;
	for (const { actions } of requestData.postReceive ?? []) {
		for (const action of actions) {
			if (typeof action === 'function') result = await action.call(ctx, result, {} as IN8nHttpFullResponse);
		}
	}
	return result;
}

/**
 * The node's routing hook for every operation. n8n calls it as requestOperations.pagination (the one
 * hook of a declarative node that may send requests itself): routing builds the request, the engine
 * sends it. Without returnAll/limit parameters the operation has no paging controls, so every page is read.
 *
 * Freshness "notify" answered not fresh with no refresh job (a refresh that failed: the docs send no
 * webhook for an operation that ends in an error): one item `{ pending: false, notify: 'none-expected',
 * reason, _meta }`, so a workflow never parks in a Wait node for a call that will not come.
 *
 * Freshness "notify" answered before the data is fresh: one item `{ pending: true, notify: 'coming', _meta }` and no
 * rows, even when stale rows were cached. The list is not complete yet; the rows come from the
 * second request after the Wait node resumes on the notify URL (the one-item output makes the Wait
 * node resume exactly once). When the data is already fresh the service calls the URL at once (before
 * any Wait node listens), so the rows are output instead and no Wait may follow: workflows route on
 * `pending` (examples/fresh-data-with-notify-url.json).
 *
 * Read or create is decided here, once. A read goes to the reader (reading/read.ts); a create (POST)
 * is queued per run by createInItemOrder, one at a time in item order, the first failure stopping the
 * rest (docs/writes.md), and its turn goes straight to the writer (writing/write.ts).
 */
/** What both paths take from the item before anything is sent (a parked refusal is raised here). */
interface ItemCall {
	options: EngineOptions;
	credentials: { apiKey?: string; baseUrl?: string };
	path: string;
	qs: IDataObject;
	body: IDataObject | undefined;
}

/**
 * n8n's routing builds no URL when the Operation (or Resource) parameter holds a value the description
 * does not have (an imported or hand-edited workflow naming `getMany` where the resource has `getAll`):
 * the request would go to the base URL itself. Refused here, before anything is sent.
 */
function checkRouted(ctx: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions, itemIndex: number): void {
	if (pathOf(requestData.options.url) !== '') return;
	const operation = String(readParameter<unknown>(ctx, 'operation', ''));
	const resource = String(readParameter<unknown>(ctx, 'resource', ''));
	// no Operation parameter is shown for a Resource the node does not have
	const [field, message] =
		operation === ''
			? ['Resource', `Resource '${resource}' is not a resource of this node`]
			: ['Operation', `Operation '${operation}' is not an operation of Resource '${resource}'`];
	throw new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, {
		description: `The workflow names a value the node does not have (an imported or hand-edited workflow, or one written for another version of the node). Open the node and pick the ${field} again; nothing was sent.`,
		itemIndex,
	});
}

async function itemCall(
	ctx: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	itemIndex: number,
	scrub: { apiKey: string },
): Promise<ItemCall> {
	checkRouted(ctx, requestData, itemIndex);
	const parked = parkedError(ctx, requestData.options);
	if (parked) throw parked;
	const options = toolOptions(ctx.getNode(), readParameter<EngineOptions>(ctx, 'options', {}));
	checkedNumber(ctx, 'maxAge', options.maxAge, itemIndex);
	checkedNumber(ctx, 'maxWait', options.maxWait, itemIndex);
	const { url, qs, body } = requestData.options;
	return {
		options,
		credentials: await credentialsOf(ctx, scrub),
		path: pathOf(url),
		qs: mergedQuery(qs, options),
		body: body as IDataObject | undefined,
	};
}

async function credentialsOf(ctx: IExecutePaginationFunctions, scrub: { apiKey: string }) {
	const credentials = (await ctx.getCredentials(CREDENTIAL_TYPE)) as { apiKey?: string; baseUrl?: string };
	scrub.apiKey = String(credentials.apiKey ?? '');
	return credentials;
}

/** The items of a result: notify's one-item answers, or the records with meta, files and postReceive. */
async function outputOf(
	ctx: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	call: ItemCall,
	result: ApiResult & ApiResultDetails,
	itemIndex: number,
	scrub: { apiKey: string },
): Promise<INodeExecutionData[]> {
	const pairedItem = { item: itemIndex };
	const { options } = call;
	if (result.noNotification !== undefined) {
		const json = { pending: false, notify: 'none-expected', reason: result.noNotification, _meta: publicMeta(result.meta) };
		return [{ json, pairedItem }];
	}
	if (result.pending) {
		return [{ json: { pending: true, notify: 'coming', message: NOTIFICATION_COMING, _meta: publicMeta(result.meta) }, pairedItem }];
	}
	const output: INodeExecutionData[] = [];
	for (const [index, item] of result.items.entries()) {
		const json: IDataObject = options.includeMeta
			? { ...item, _meta: publicMeta(result.itemMeta[index]) }
			: item;
		const entry: INodeExecutionData = { json, pairedItem };
		if (options.download) {
			const binary = await downloadFile(
				ctx,
				item,
				{ node: ctx.getNode(), itemIndex, apiKey: scrub.apiKey, path: call.path },
				options as DownloadSettings,
				String(call.credentials.baseUrl ?? ''),
			);
			if (binary) entry.binary = { data: binary };
			else entry.json = { ...json, _download: NO_FILE };
		}
		output.push(entry);
	}
	return await declaredPostReceive(ctx, requestData, output);
}

async function readItems(
	ctx: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	itemIndex: number,
	scrub: { apiKey: string },
): Promise<INodeExecutionData[]> {
	const call = await itemCall(ctx, requestData, itemIndex, scrub);
	const returnAllParameter = readParameter<boolean | null>(ctx, 'returnAll', null);
	const limitParameter = readParameter<unknown>(ctx, 'limit', null);
	const pagingControls = returnAllParameter !== null || limitParameter !== null;
	const limit = returnAllParameter === true ? undefined : checkedNumber(ctx, 'limit', limitParameter, itemIndex);
	const result = await apiRequestWithDetails(
		ctx,
		{
			method: 'GET',
			path: call.path,
			qs: call.qs,
			itemIndex,
			returnAll: pagingControls ? returnAllParameter === true : true,
			limit: pagingControls ? (limit ?? 50) : undefined,
		},
		call.options,
	);
	return await outputOf(ctx, requestData, call, result, itemIndex, scrub);
}

async function createItem(
	ctx: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	itemIndex: number,
	scrub: { apiKey: string },
	onAccepted: () => void,
): Promise<INodeExecutionData[]> {
	const call = await itemCall(ctx, requestData, itemIndex, scrub);
	const result = await createRecord(ctx, { path: call.path, qs: call.qs, body: call.body, itemIndex, onAccepted }, call.options);
	return await outputOf(ctx, requestData, call, result, itemIndex, scrub);
}

export async function enginePagination(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const itemIndex = this.getItemIndex();
	const scrub = { apiKey: '' };
	try {
		const isCreate = (requestData.options.method ?? 'GET').toUpperCase() === 'POST';
		return isCreate
			? await createInItemOrder(this, (onAccepted) => createItem(this, requestData, itemIndex, scrub, onAccepted))
			: await readItems(this, requestData, itemIndex, scrub);
	} catch (error) {
		if (this.continueOnFail()) {
			// one field, as n8n's own error items: its error output routes an item whose json is { error } alone
			return [{ json: { error: errorItemText(error, scrub.apiKey) }, pairedItem: { item: itemIndex } }];
		}
		throw asNodeError(this, error, scrub.apiKey);
	}
}
