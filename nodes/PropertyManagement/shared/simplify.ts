/**
 * "Simplify" (n8n's UX guidelines): on every operation whose records have more than 10 fields, a
 * toggle that keeps the fields listed in simplifiedFields.ts. Declared as the parameter's
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
import { SIMPLIFIED_FIELDS } from './simplifiedFields';

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

/**
 * One Simplify toggle per operation of `show` that has a field list; none for small records. Off
 * for the node (saved workflows keep their full records), on for its AI-tool form (`@tool`).
 */
export function simplifyFields(show: Show): INodeProperties[] {
	const resources = (show.resource ?? []) as string[];
	const operations = (show.operation ?? []) as string[];
	return resources.flatMap((resource) =>
		operations.flatMap((operation) => {
			const fields = SIMPLIFIED_FIELDS[`${resource}:${operation}`];
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
