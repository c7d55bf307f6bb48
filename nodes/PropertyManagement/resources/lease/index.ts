import type { INodeProperties } from 'n8n-workflow';
import {
	dateRangeFields,
	listOperationFields,
	operationSelector,
	resourceLocator,
	scopeFilters,
} from '../../shared/descriptions';

const showGetHistory = { resource: ['lease'], operation: ['getHistory'] };
const showGetDocuments = { resource: ['lease'], operation: ['getDocuments'] };

export const leaseDescription: INodeProperties[] = [
	operationSelector('lease', [
		{
			name: 'Get Documents',
			value: 'getDocuments',
			action: 'Get lease documents',
			description: 'List the lease documents of an occupancy, optionally downloading their files',
			method: 'GET',
			url: '/v1/lease-documents',
		},
		{
			name: 'Get History',
			value: 'getHistory',
			action: 'Get lease history',
			description: 'List leases with their terms, rent and renewal status',
			method: 'GET',
			url: '/v1/lease-history',
		},
	]),
	resourceLocator({
		displayName: 'Occupancy',
		name: 'occupancyId',
		searchListMethod: 'searchOccupancies',
		description: 'Occupancy (lease of a tenant in a unit) whose documents to list',
		show: showGetDocuments,
		required: true,
	}),
	...listOperationFields(showGetDocuments, [], { download: true }),
	...dateRangeFields(showGetHistory, { defaultRange: 'all_time', appliesTo: 'the lease start' }),
	...listOperationFields(showGetHistory, [
		...scopeFilters(),
		resourceLocator({
			displayName: 'Occupancy',
			name: 'occupancyId',
			searchListMethod: 'searchOccupancies',
			description: 'Only the leases of this occupancy',
		}),
	]),
];
