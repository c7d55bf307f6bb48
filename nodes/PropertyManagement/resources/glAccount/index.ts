import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from '../../shared/resourceDefinition';
import { listOperationFields, operationSelector } from '../../shared/descriptions';

const showGetMany = { resource: ['glAccount'], operation: ['getAll'] };

export const glAccountDescription: INodeProperties[] = [
	operationSelector('glAccount', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many GL accounts',
			description: 'List the general ledger accounts of the chart of accounts',
			method: 'GET',
			url: '/v1/gl-accounts',
		},
	]),
	...listOperationFields(showGetMany, []),
];

export const glAccountResource: ResourceDefinition = {
	name: 'GL Account',
	value: 'glAccount',
	properties: glAccountDescription,
};
