import type {
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { type SimplifiedFields, simplifyFields } from './simplify';
import { type EngineOptionsSettings, engineOptions } from './engineOptions';
import { filtersCollection } from './filters';
import { byName } from './order';
import type { Show } from './show';

/**
 * Operation selectors and the standard parameter sets of list and report operations. Every builder
 * takes the `show` condition of the operation(s) it belongs to, so a resource file stays a flat list of data.
 */
export type { Show } from './show';

export type HttpMethod = 'GET' | 'POST';

export interface OperationSpec {
	/** e.g. "Get Many" */
	name: string;
	/** e.g. "getAll" */
	value: string;
	/** what an AI agent picks from, e.g. "Get many tenants" */
	action: string;
	description: string;
	method: HttpMethod;
	/** path below the base URL; may be an expression for path parameters */
	url: string;
	/** preSend steps specific to this operation (e.g. body validation) */
	preSend?: PreSendAction[];
}

/** The operation selector of one resource; every operation pages through the engine. */
export function operationSelector(
	resource: string,
	operations: OperationSpec[],
	defaultOperation = operations[0].value,
): INodeProperties {
	const options: INodePropertyOptions[] = operations.map((operation) => ({
		name: operation.name,
		value: operation.value,
		action: operation.action,
		description: operation.description,
		routing: {
			request: { method: operation.method, url: operation.url },
			// The engine (requestOperations.pagination) runs every request: freshness, pages, retries
			send: { paginate: true, ...(operation.preSend ? { preSend: operation.preSend } : {}) },
		},
	}));
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: options.sort(byName),
		default: defaultOperation,
	};
}

/**
 * "Return All" and "Limit"; read by the engine, which stops paging once the limit is reached. In
 * the AI-tool form (n8n's `@tool` display condition) Return All is always off by default, so an
 * agent's call reads one page of at most Limit records (and Simplify is on, see simplify.ts).
 */
export function returnAllLimit(show: Show, returnAllByDefault = false): INodeProperties[] {
	const returnAll = (asTool: boolean): INodeProperties => {
		const property: INodeProperties = {
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show: { ...show, '@tool': [asTool] } },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		};
		if (returnAllByDefault && !asTool) property.default = true;
		return property;
	};
	return [
		returnAll(false),
		returnAll(true),
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/** What a list operation adds to the engine's Options settings: the fields Simplify keeps (simplify.ts). */
export interface ListSettings extends EngineOptionsSettings {
	simplify?: SimplifiedFields;
}

/** The standard parameter set of a list operation: Return All, Limit, Filters, Simplify, Options. */
export function listOperationFields(
	show: Show,
	filters: INodeProperties[],
	settings: ListSettings = {},
): INodeProperties[] {
	const { simplify, ...engineSettings } = settings;
	return [
		...returnAllLimit(show, engineSettings.returnAllByDefault),
		...(filters.length ? [filtersCollection(show, filters)] : []),
		...simplifyFields(show, simplify),
		engineOptions(show, engineSettings),
	];
}

/** The standard parameter set of a one-record read: Simplify, Options. */
export function recordReadFields(show: Show, simplify?: SimplifiedFields): INodeProperties[] {
	return [...simplifyFields(show, simplify), engineOptions(show)];
}

/** A report's rows belong together: Return All is on unless the user limits it. */
export function reportOperationFields(
	show: Show,
	filters: INodeProperties[],
	simplify?: SimplifiedFields,
): INodeProperties[] {
	return listOperationFields(show, filters, { returnAllByDefault: true, simplify });
}
