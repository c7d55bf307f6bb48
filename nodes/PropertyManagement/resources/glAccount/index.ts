import { listOperationFields } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const glAccountResource = defineResource('GL Account', 'glAccount', [
	getMany('GL accounts', {
		description: 'List the general ledger accounts of the chart of accounts',
		url: '/v1/gl-accounts',
		fields: (show) => listOperationFields(show, [], {
			simplify: ['upstreamId', 'number', 'accountName', 'accountType', 'subAccountOf', 'hidden'],
		}),
	}),
]);
