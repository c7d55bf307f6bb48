/**
 * "Simplify" (n8n's UX guidelines): on every operation whose records have more than 10 fields, a
 * toggle that keeps at most 10 of them: what a property manager looks at first, plus the id needed
 * to go on (e.g. an occupancy id for a tenant charge). The resource that owns the operation lists
 * them and gives the list to its builders (`simplify`); test/node/ux/simplify.test.ts checks every
 * list against the records the service returns. Declared as the parameter's
 * routing.output.postReceive; the engine applies declared postReceive steps to what it returns.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import type { Show } from './descriptions';

/**
 * The fields Simplify keeps: one list for every operation of a `show`, or a list per operation
 * when one `show` covers operations whose records differ; none for small records.
 */
export type SimplifiedFields = readonly string[] | Readonly<Record<string, readonly string[]>>;

/** Marker items of the engine stay whole: a notify "pending" or "none-expected" item and a continue-on-fail error. */
function isRecord(json: IDataObject): boolean {
	const pending = json.pending === true || json.notify === 'none-expected';
	const error = 'error' in json && Object.keys(json).length === 1;
	return !pending && !error;
}

function keepFields(fields: readonly string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		if (this.getNodeParameter('simplify', false) !== true) return items;
		return items.map((item) => {
			if (!isRecord(item.json)) return item;
			const json: IDataObject = {};
			// the engine's own notes stay: Include Meta's `_meta`, Download Files' `_download`
			for (const field of [...fields, '_meta', '_download']) {
				if (field in item.json) json[field] = item.json[field];
			}
			return { ...item, json };
		});
	};
}

function isList(simplify: SimplifiedFields): simplify is readonly string[] {
	return Array.isArray(simplify);
}

/**
 * One Simplify toggle per operation of `show` that `simplify` gives fields for. Off for the node
 * (saved workflows keep their full records), on for its AI-tool form (`@tool`).
 */
export function simplifyFields(show: Show, simplify?: SimplifiedFields): INodeProperties[] {
	if (!simplify) return [];
	const resources = (show.resource ?? []) as string[];
	const operations = (show.operation ?? []) as string[];
	return resources.flatMap((resource) =>
		operations.flatMap((operation) => {
			const fields = isList(simplify) ? simplify : simplify[operation];
			if (!fields) return [];
			const toggle = (asTool: boolean): INodeProperties => {
				const property: INodeProperties = {
					displayName: 'Simplify',
					name: 'simplify',
					type: 'boolean',
					default: false,
					displayOptions: {
						show: { ...show, resource: [resource], operation: [operation], '@tool': [asTool] },
					},
					description: `Whether to return only the main fields (${fields.join(', ')}) instead of the full record`,
					routing: { output: { postReceive: [keepFields(fields)] } },
				};
				if (asTool) property.default = true;
				return property;
			};
			return [toggle(false), toggle(true)];
		}),
	);
}
