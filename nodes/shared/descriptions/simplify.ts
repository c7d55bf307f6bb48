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

import type { Show } from './show';
import { readyFields } from './readyValues';

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

/** A record with only `fields`, and the engine's own notes: Include Meta's `_meta`, Download Files' `_download`. */
function withFields(item: INodeExecutionData, fields: readonly string[], ready = false): INodeExecutionData {
	if (!isRecord(item.json)) return item;
	const json: IDataObject = ready ? readyFields(item.json, fields) : {};
	for (const field of [...(ready ? [] : fields), '_meta', '_download']) {
		if (field in item.json) json[field] = item.json[field];
	}
	return { ...item, json };
}

function keepFields(fields: readonly string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		if (this.getNodeParameter('simplify', false) !== true) return items;
		return items.map((item) => withFields(item, fields, true));
	};
}

/**
 * The AI-tool form's Output (n8n's UX guidelines): Simplified keeps `fields`, Raw the whole record,
 * Selected Fields the fields the user lists, with the record's id (the first of `fields`) always kept.
 */
function outputFields(fields: readonly string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const output = this.getNodeParameter('output', 'simplified') as string;
		if (output === 'raw') return items;
		if (output !== 'selected') return items.map((item) => withFields(item, fields, true));
		const listed = String(this.getNodeParameter('fieldsToReturn', '') ?? '')
			.split(',')
			.map((field) => field.trim())
			.filter((field) => field !== '');
		const kept = [fields[0], ...listed.filter((field) => field !== fields[0])];
		return items.map((item) => withFields(item, kept));
	};
}

/** A kept field as the operator reads it: the record's own id is its ID, a linked record's id that record's ID. */
function fieldWords(field: string): string {
	if (field === 'upstreamId') return 'ID';
	return field.replace(/^(\w+)UpstreamId$/, '$1 ID');
}

/** The field kept with Selected Fields, in the same words. */
function keptWords(field: string): string {
	return field === 'upstreamId' ? "the record's ID" : `the record's ${field}`;
}

function isList(simplify: SimplifiedFields): simplify is readonly string[] {
	return Array.isArray(simplify);
}

/**
 * Per operation of `show` that `simplify` gives fields for: the node's Simplify toggle, off (saved
 * workflows keep their full records), and its AI-tool form's Output (`@tool`): Simplified by default,
 * Raw, or Selected Fields.
 */
export function simplifyFields(show: Show, simplify?: SimplifiedFields): INodeProperties[] {
	if (!simplify) return [];
	const resources = (show.resource ?? []) as string[];
	const operations = (show.operation ?? []) as string[];
	return resources.flatMap((resource) =>
		operations.flatMap((operation) => {
			const fields = isList(simplify) ? simplify : simplify[operation];
			if (!fields) return [];
			const showFor = (asTool: boolean) => ({ ...show, resource: [resource], operation: [operation], '@tool': [asTool] });
			const toggle: INodeProperties = {
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: false,
				displayOptions: { show: showFor(false) },
				description: `Whether to return only the main fields (${fields.map(fieldWords).join(', ')}) instead of the full record`,
				routing: { output: { postReceive: [keepFields(fields)] } },
			};
			const output: INodeProperties = {
				displayName: 'Output',
				name: 'output',
				type: 'options',
				default: 'simplified',
				displayOptions: { show: showFor(true) },
				description: 'How much of each record to return: its main fields, the whole record or the fields you list',
				options: [
					{ name: 'Simplified', value: 'simplified', description: `The main fields: ${fields.map(fieldWords).join(', ')}` },
					{ name: 'Raw', value: 'raw', description: 'The whole record, as the service returns it' },
					{ name: 'Selected Fields', value: 'selected', description: `The fields you list, with ${keptWords(fields[0])}` },
				],
				routing: { output: { postReceive: [outputFields(fields)] } },
			};
			const selected: INodeProperties = {
				displayName: 'Fields',
				name: 'fieldsToReturn',
				type: 'string',
				default: '',
				placeholder: `e.g. ${fields.slice(1, 3).join(', ')}`,
				displayOptions: { show: { ...showFor(true), output: ['selected'] } },
				description: `Comma-separated names of the fields to return, as the output spells them; ${keptWords(fields[0])} is always returned`,
			};
			return [toggle, output, selected];
		}),
	);
}
