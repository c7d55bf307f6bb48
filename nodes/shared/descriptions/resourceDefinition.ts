import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	operationSelector,
	recordReadFields,
	type LocatorSettings,
	type OperationSpec,
	type Show,
} from './index';
import { pathLocator } from './fields';
import type { SimplifiedFields } from './simplify';

/** What a resource folder gives the node (resources/index.ts lists them): its entry in Resource, and its fields. */
export interface ResourceDefinition {
	/** as the Resource dropdown shows it */
	name: string;
	value: string;
	/** its operation selector and every field of its operations */
	properties: INodeProperties[];
}

/** One operation of a resource and its fields. */
export interface OperationDefinition extends OperationSpec {
	/** `show` displays a field for this operation alone */
	fields: (show: Show) => INodeProperties[];
}

/**
 * A resource from its operations: the operation selector, then each operation's fields in the
 * order the operations are listed. The first one is the default unless `defaultOperation` says.
 */
export function defineResource(
	name: string,
	value: string,
	operations: OperationDefinition[],
	defaultOperation = operations[0].value,
): ResourceDefinition {
	const fieldsOf = ({ value: operation, fields }: OperationDefinition) =>
		fields({ resource: [value], operation: [operation] });
	return {
		name,
		value,
		properties: [operationSelector(value, operations, defaultOperation), ...operations.flatMap(fieldsOf)],
	};
}

/** n8n's list operation of a resource: "Get Many" (getAll), a GET; `records` names them in its action. */
export function getMany(
	records: string,
	operation: Pick<OperationDefinition, 'description' | 'url' | 'fields'>,
): OperationDefinition {
	return { name: 'Get Many', value: 'getAll', action: `Get many ${records}`, method: 'GET', ...operation };
}

/**
 * n8n's one-record operation: "Get" (get), a GET of `<path>/<id>`, the record picked From List or
 * By ID; `simplify`, the fields its Simplify keeps (simplify.ts).
 */
export function getOne(
	action: string,
	operation: {
		description: string;
		path: string;
		locator: Omit<LocatorSettings, 'sendIn' | 'show' | 'required'>;
		simplify?: SimplifiedFields;
	},
): OperationDefinition {
	const { description, path, locator, simplify } = operation;
	return {
		name: 'Get',
		value: 'get',
		action,
		description,
		method: 'GET',
		url: `=${path}/{{ encodeURIComponent($parameter.${locator.name}) }}`,
		fields: (show) => [pathLocator({ ...locator, show, required: true }), ...recordReadFields(show, simplify)],
	};
}

/**
 * The node's subtitle on the canvas as a person reads it, "Get Many: Tenant", where n8n would show the
 * parameters' raw values ("getAll: tenant"): each value's label, picked by a chain of comparisons
 * (n8n's expressions give undefined for an object looked up by a computed key).
 */
export function canvasSubtitle(resources: ResourceDefinition[]): string {
	const operationLabels = new Map<string, string>();
	for (const resource of resources) {
		const selector = resource.properties.find((property) => property.name === 'operation');
		for (const option of (selector?.options ?? []) as INodePropertyOptions[]) {
			const known = operationLabels.get(String(option.value));
			if (known !== undefined && known !== option.name) throw new Error(`Operation ${String(option.value)} is both "${known}" and "${option.name}"`);
			operationLabels.set(String(option.value), option.name);
		}
	}
	const labelOf = (parameter: string, labels: Array<[string, string]>) =>
		`(${labels.map(([value, label]) => `$parameter["${parameter}"] === "${value}" ? "${label}" : `).join('')}$parameter["${parameter}"])`;
	return `={{ ${labelOf('operation', [...operationLabels])} + ": " + ${labelOf('resource', resources.map(({ value, name }) => [value, name]))} }}`;
}
