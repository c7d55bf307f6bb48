/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The contract table of the node: every resource:operation a saved workflow may name, with the
 * request it makes. Fails when a row has no operation with that method and URL, or when the node
 * offers an operation outside the table.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';
import { RESOURCES } from '../../nodes/PropertyManagement/resources';
import { CONTRACT } from './contract';


/** Path parameters are expressions in the node ({{ ... }}) and {name} in the table. */
function normalizedRoute(method: string, url: string): string {
	const path = url.replace(/^=/, '').replace(/\{\{[^}]*\}\}/g, '{}').replace(/\{[A-Za-z]+\}/g, '{}');
	return `${method.toUpperCase()} ${path}`;
}

interface OfferedOperation {
	key: string;
	route: string;
	option: INodePropertyOptions;
}

function offeredOperations(): OfferedOperation[] {
	const { properties } = new PropertyManagement().description;
	return properties
		.filter((property: INodeProperties) => property.name === 'operation')
		.flatMap((selector) => {
			const resources = (selector.displayOptions?.show?.resource ?? []) as string[];
			return resources.flatMap((resource) =>
				(selector.options as INodePropertyOptions[]).map((option) => ({
					key: `${resource}:${String(option.value)}`,
					route: normalizedRoute(
						String(option.routing?.request?.method ?? ''),
						String(option.routing?.request?.url ?? ''),
					),
					option,
				})),
			);
		});
}

describe('operation coverage of the contract table', () => {
	const offered = offeredOperations();

	it('has a row for each operation of each resource in the registry', () => {
		const registered = RESOURCES.flatMap(({ properties }) =>
			properties.filter((property) => property.name === 'operation').flatMap((selector) => selector.options ?? []),
		);
		expect(Object.keys(CONTRACT)).toHaveLength(registered.length);
	});

	it('offers the registry as the Resource options, and the every-resource test workflow uses each once', () => {
		const resourceParameter = new PropertyManagement().description.properties.find((property) => property.name === 'resource')!;
		expect(resourceParameter.options).toEqual(RESOURCES.map(({ name, value }) => ({ name, value })));
		const example = JSON.parse(readFileSync(path.join(__dirname, '..', 'e2e', 'workflows', 'every-resource.json'), 'utf8')) as {
			nodes: Array<{ type: string; parameters: { resource?: string } }>;
		};
		const used = example.nodes
			.filter((node) => node.type.endsWith('.propertyManagement'))
			.map((node) => node.parameters.resource ?? String(resourceParameter.default));
		expect(used.sort()).toEqual(RESOURCES.map(({ value }) => value).sort());
	});

	it("lists each resource of the registry in the README's Operations table, with its operations", () => {
		const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
		const table = readme.slice(readme.indexOf('## Operations'), readme.indexOf('\n## ', readme.indexOf('## Operations') + 1));
		const rows = new Map(
			[...table.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)].map(([, resource, operations]) => [resource.trim(), operations]),
		);
		const missing = RESOURCES.flatMap(({ name, properties }) => {
			const row = rows.get(name);
			if (row === undefined) return [name];
			const selectors = properties.filter((property) => property.name === 'operation');
			const operations = selectors.flatMap((selector) => (selector.options ?? []) as Array<{ name: string }>);
			return operations.filter(({ name: operation }) => !row.includes(operation)).map(({ name: operation }) => `${name}: ${operation}`);
		});
		expect(missing).toEqual([]);
	});

	it.each(Object.entries(CONTRACT))('%s is an operation requesting %s', (key, route) => {
		const [method, path] = route.split(' ');
		const matches = offered.filter(
			(operation) => operation.key === key && operation.route === normalizedRoute(method, path),
		);
		expect(matches).toHaveLength(1);
	});

	it('offers no operation outside the table', () => {
		expect(offered.map((operation) => operation.key).sort()).toEqual(Object.keys(CONTRACT).sort());
	});

	it('gives every operation an action and sends it through the engine', () => {
		for (const { key, option } of offered) {
			expect({ key, action: typeof option.action }).toEqual({ key, action: 'string' });
			expect({ key, paginate: option.routing?.send?.paginate }).toEqual({ key, paginate: true });
		}
	});

	it('lists every resource of the selector with at least one operation', () => {
		const resourceSelector = new PropertyManagement().description.properties.find(
			(property) => property.name === 'resource',
		);
		const resources = (resourceSelector?.options as INodePropertyOptions[]).map((option) => option.value);
		const withOperations = new Set(offered.map((operation) => operation.key.split(':')[0]));
		expect([...resources].sort()).toEqual([...withOperations].sort());
		const names = (resourceSelector?.options as INodePropertyOptions[]).map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});
});
