import type {
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { resourceLocator } from './locators';
import type { Show } from './show';
import { byDisplayName } from './order';

/** A "Filters" collection: only the filters the user adds are sent. */
export function filtersCollection(show: Show, filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [...filters].sort(byDisplayName),
	};
}

/** The spec's scope filters (propertyId, propertyGroupId, ownerId), for a Filters collection. */
export function scopeFilters(): INodeProperties[] {
	return [
		resourceLocator({
			displayName: 'Owner',
			name: 'ownerId',
			searchListMethod: 'searchOwners',
			description: 'Only records of the properties of this owner',
		}),
		resourceLocator({
			displayName: 'Property',
			name: 'propertyId',
			searchListMethod: 'searchProperties',
			description: 'Only records of this property',
		}),
		resourceLocator({
			displayName: 'Property Group',
			name: 'propertyGroupId',
			searchListMethod: 'searchPropertyGroups',
			description: 'Only records of the properties in this property group',
		}),
	];
}

/** An options field sent as a query parameter (spec enums). */
export function queryOptionsField(
	field: Omit<INodeProperties, 'type' | 'routing' | 'options'> & { options: INodePropertyOptions[] },
	type: 'options' | 'multiOptions' = 'options',
): INodeProperties {
	return {
		...field,
		type,
		routing: { send: { type: 'query', property: field.name } },
	};
}

/** A plain string sent as a query parameter. */
export function queryStringField(field: Omit<INodeProperties, 'type' | 'routing'>): INodeProperties {
	return {
		...field,
		type: 'string',
		routing: { send: { type: 'query', property: field.name } },
	};
}

/** The spec's accounting basis parameter of the financial reports. */
export function accountingBasisFilter(): INodeProperties {
	return queryOptionsField({
		displayName: 'Accounting Basis',
		name: 'accounting',
		default: 'cash',
		description: 'Cash or accrual basis of the report',
		options: [
			{ name: 'Accrual', value: 'accrual' },
			{ name: 'Cash', value: 'cash' },
		],
	});
}

/** Spec parameters whose values are literally Yes/No. */
export function yesNoFilter(field: { displayName: string; name: string; description: string }): INodeProperties {
	return queryOptionsField({
		...field,
		default: 'No',
		options: optionsNamedAsSent(['No', 'Yes']),
	});
}

/** Options of values the service spells for people (e.g. "Decision Pending"): each is named as it is sent. */
export function optionsNamedAsSent(values: readonly string[]): INodePropertyOptions[] {
	return values.map((value) => ({ name: value, value }));
}

/** The value with which the service's filters keep every record. */
export const ALL_OPTION: INodePropertyOptions = { name: 'All', value: 'all' };

/** Visibility values shared by the owners and tenants lists. */
export const VISIBILITY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Active', value: 'active' },
	ALL_OPTION,
	{ name: 'Hidden', value: 'hidden' },
];
