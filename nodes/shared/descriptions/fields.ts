/**
 * Parameter builders shared by the write-capable resources (vendor, property group, tenant ledger,
 * bill, purchase order). Create parameters carry no routing: the validating preSend
 * (shared/create/preSend.ts and each resource's body.ts) reads them, checks them and writes the whole body at once.
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	optionsNamedAsSent,
	queryOptionsField,
	resourceLocator,
	type LocatorSettings,
	type Show,
} from './index';

/**
 * A record picked From List / By ID whose id is a path segment: the operation's URL reads it
 * with $parameter (which yields the locator's value), so the picker itself sends nothing.
 */
export function pathLocator(settings: Omit<LocatorSettings, 'sendIn'>): INodeProperties {
	return bodyLocator(settings);
}

/** approvalStatus of the bills and purchase-orders lists (same values, same default). */
export function approvalStatusFilter(records: string): INodeProperties {
	return queryOptionsField({
		displayName: 'Approval Status',
		name: 'approvalStatus',
		default: 'All',
		description: `Only ${records} in this approval status`,
		options: optionsNamedAsSent(['All', 'Approved', 'Pending Approval']),
	});
}

/** A From List / By ID picker whose value the create's preSend puts in the body. */
export function bodyLocator(settings: Omit<LocatorSettings, 'sendIn'>): INodeProperties {
	const locator = resourceLocator(settings);
	delete locator.routing;
	return locator;
}

export function additionalFields(show: Show, fields: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [...fields].sort((left, right) => left.displayName.localeCompare(right.displayName)),
	};
}

/** GL account and property pickers of a line item (both required by the service), and its optional unit. */
export function lineItemAccountAndProperty(): INodeProperties[] {
	return [
		bodyLocator({
			displayName: 'GL Account',
			name: 'glAccountId',
			searchListMethod: 'searchGlAccounts',
			description: 'Postable GL account the line is coded to',
		}),
		bodyLocator({
			displayName: 'Property',
			name: 'propertyId',
			searchListMethod: 'searchProperties',
			description: 'Property the line is coded to',
		}),
		bodyLocator({
			displayName: 'Unit',
			name: 'unitId',
			searchListMethod: 'searchUnits',
			description: 'Unit of the property the line is coded to (optional)',
		}),
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'What the line is for, e.g. Kitchen sink repair; left out when empty',
		},
	];
}

/**
 * "Line Items Input": typed in the node (Fields) or mapped from an earlier node (JSON). The keys
 * of `lineItemFields` are the service's line-item keys; the JSON uses the same keys.
 */
export function lineItemsParameters(
	show: Show,
	lineItemFields: INodeProperties[],
	jsonExample: string,
): INodeProperties[] {
	return [
		{
			displayName: 'Line Items Input',
			name: 'lineItemsInput',
			type: 'options',
			default: 'fields',
			displayOptions: { show },
			description: 'How to give the line items: one by one in the node, or as a list from an earlier node',
			options: [
				{ name: 'Fields', value: 'fields', description: 'Enter each line item below' },
				{
					name: 'JSON',
					value: 'json',
					description: 'Pass an array of line items, e.g. mapped from an earlier node',
				},
			],
		},
		{
			displayName: 'Line Items',
			name: 'lineItemsUi',
			type: 'fixedCollection',
			required: true,
			typeOptions: { multipleValues: true },
			placeholder: 'Add Line Item',
			default: {},
			displayOptions: { show: { ...show, lineItemsInput: ['fields'] } },
			description: 'At least one line item',
			options: [{ displayName: 'Line Item', name: 'lineItem', values: lineItemFields }],
		},
		{
			displayName: 'Line Items (JSON)',
			name: 'lineItemsJson',
			type: 'json',
			required: true,
			default: '[]',
			displayOptions: { show: { ...show, lineItemsInput: ['json'] } },
			description: `Array of line items with the service's keys, e.g. ${jsonExample}`,
		},
	];
}
