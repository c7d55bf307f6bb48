/**
 * The filters of the records both nodes list, defined once so Bill → Get Many and the trigger's new
 * bills, Guest Card → Get Many and its new guest cards, offer the service's values alike.
 */
import type { INodeProperties } from 'n8n-workflow';

import { approvalStatusFilter } from './fields';
import { ALL_OPTION, optionsNamedAsSent, queryOptionsField } from './filters';
import { resourceLocator } from './locators';

export const billRecordFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Status',
		name: 'status',
		default: 'All',
		description: 'Paid includes used vendor credits, Unpaid unused ones',
		options: optionsNamedAsSent(['All', 'Paid', 'Unpaid']),
	}),
	approvalStatusFilter('bills'),
	resourceLocator({
		displayName: 'Property',
		name: 'propertyId',
		searchListMethod: 'searchProperties',
		description: 'Only bills with a line item coded to this property',
	}),
	resourceLocator({
		displayName: 'Vendor',
		name: 'vendorId',
		searchListMethod: 'searchVendors',
		description: 'Only bills of this vendor',
	}),
];

export const guestCardLeadFilters: INodeProperties[] = [
	queryOptionsField({
		displayName: 'Lead Status',
		name: 'leadStatus',
		default: 'all',
		description: 'Only guest cards in this status',
		options: [
			{ name: 'Active', value: 'active' },
			ALL_OPTION,
			{ name: 'Application Completed', value: 'application_completed' },
			{ name: 'Cold', value: 'cold' },
			{ name: 'Inactive', value: 'inactive' },
			{ name: 'Prequalified', value: 'prequalified' },
			{ name: 'Waitlisted', value: 'waitlisted' },
		],
	}),
	queryOptionsField({
		displayName: 'Lead Type',
		name: 'leadType',
		default: 'all',
		description: 'Only leads of this type',
		options: [ALL_OPTION, ...optionsNamedAsSent(['Free', 'Hang Up', 'Premium', 'Refunded'])],
	}),
];
