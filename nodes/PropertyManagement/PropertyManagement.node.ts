import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from './listSearch';
import { RESOURCES } from './resources';
import { enginePagination } from './shared/transport';

export class PropertyManagement implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Property Management',
		name: 'propertyManagement',
		icon: { light: 'file:propertyManagement.svg', dark: 'file:propertyManagement.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read properties, tenants, leasing, accounting reports and communications, and create bills, purchase orders, vendors, property groups and tenant charges',
		defaults: {
			name: 'Property Management',
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'propertyManagementApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json' },
		},
		// Every request goes through the engine: freshness polling, cursor pages, rate limit, retries
		requestOperations: { pagination: enginePagination },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES.map(({ name, value }) => ({ name, value })),
				default: 'property',
			},
			...RESOURCES.flatMap((resource) => resource.properties),
		],
	};

	methods = { listSearch };
}
