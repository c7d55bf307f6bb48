import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { eachItem, joined, label, named, searchList, type SearchSource } from './searchList';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const id = (item: IDataObject) => text(item.upstreamId);

const properties: SearchSource = {
	path: '/v1/properties',
	toEntries: eachItem((item) => ({ name: text(item.label ?? item.name), value: id(item) })),
};

/**
 * The docs' list rows carry `propertyIds`; a created group (the spec) carries `propertyUuids` and
 * `propertyCount`. Whatever the row carries is counted; a row with none of them shows no count.
 */
function propertyCountOf(group: IDataObject): number | undefined {
	if (typeof group.propertyCount === 'number') return group.propertyCount;
	const list = Array.isArray(group.propertyIds) ? group.propertyIds : group.propertyUuids;
	return Array.isArray(list) ? list.length : undefined;
}

const propertyGroups: SearchSource = {
	path: '/v1/property-groups',
	toEntries: eachItem((item) => {
		const count = propertyCountOf(item);
		return {
			name: label(item.name, count === undefined ? undefined : `${count} ${count === 1 ? 'property' : 'properties'}`),
			value: id(item),
		};
	}),
};

const owners: SearchSource = {
	path: '/v1/owners',
	toEntries: eachItem((item) => ({ name: text(item.name), value: id(item) })),
};

const vendors: SearchSource = {
	path: '/v1/vendors',
	// companyName is null for a person; name is "Last, First" and null for a company
	toEntries: eachItem((item) => ({ name: text(item.companyName ?? item.name), value: id(item) })),
};

const glAccounts: SearchSource = {
	path: '/v1/gl-accounts',
	// Header accounts only group others: nothing can be posted to them, so they are never a choice
	toEntries: eachItem((item) =>
		item.accountType === 'Header'
			? undefined
			: { name: joined(' - ', [item.number, item.accountName]), value: id(item) },
	),
};

const bankAccounts: SearchSource = {
	path: '/v1/bank-accounts',
	toEntries: eachItem((item) => ({
		name: label(item.name, item.maskedAccountNumber),
		value: id(item),
	})),
};

/**
 * Tenants sharing a lease are one occupancy: one entry naming all of them, then unit, property and
 * status. An occupancy is listed once, with the status it was first read under (the most current);
 * a tenant whose `status` is null shows the status it was read under (`statusOf`).
 */
function occupancyEntries(tenants: IDataObject[], statusOf: (tenant: IDataObject) => string | undefined): INodeListSearchItems[] {
	const byOccupancy = new Map<string, { names: string[]; place: string }>();
	for (const tenant of tenants) {
		const occupancyId = text(tenant.occupancyUpstreamId);
		if (!occupancyId) continue;
		const known = byOccupancy.get(occupancyId);
		if (known) {
			known.names.push(text(tenant.name));
			continue;
		}
		const unit = (tenant.unit as IDataObject | null)?.name;
		const property = (tenant.property as IDataObject | null)?.label;
		byOccupancy.set(occupancyId, { names: [text(tenant.name)], place: label(unit, property, tenant.status ?? statusOf(tenant)) });
	}
	return [...byOccupancy].map(([occupancyId, { names, place }]) =>
		named({ name: joined(' – ', [joined(', ', names) || `Occupancy ${occupancyId}`, place]), value: occupancyId }),
	);
}

/** `current` → `Current`, as the service shows a tenant's status */
function displayedStatus(status: unknown): string | undefined {
	const value = text(status);
	return value ? value[0].toUpperCase() + value.slice(1) : undefined;
}

/** Without `status` the service lists current and notice tenants only; every status is read, current ones first. */
const OCCUPANCY_STATUS_ORDER = ['current', 'notice', 'evict', 'future', 'past'];

const occupancies: SearchSource = {
	path: '/v1/tenants',
	queries: OCCUPANCY_STATUS_ORDER.map((status) => ({ status })),
	toEntries: (tenants, queryOf) => occupancyEntries(tenants, (tenant) => displayedStatus(queryOf(tenant)?.status)),
};

const bills: SearchSource = {
	path: '/v1/bills',
	toEntries: eachItem((item) => ({
		name: label(item.payeeName, item.reference, item.billDate, item.amount, item.status),
		value: id(item),
	})),
};

const purchaseOrders: SearchSource = {
	path: '/v1/purchase-orders',
	toEntries: eachItem((item) => ({
		name: label(text(item.number) && `PO ${text(item.number)}`, item.vendorName, item.createdOn, item.amount),
		value: id(item),
	})),
};

/** Lists with a date range default to this month to date; a picker offers records of every date. */
const EVERY_DATE: IDataObject = { dateRange: 'all_time' };

const workOrders: SearchSource = {
	path: '/v1/work-orders',
	queries: [EVERY_DATE],
	toEntries: eachItem((item) => {
		const property = (item.property as IDataObject | null)?.name;
		const unit = (item.unit as IDataObject | null)?.name;
		return {
			name: label(
				text(item.workOrderNumber) && `WO ${text(item.workOrderNumber)}`,
				item.jobDescription,
				joined(' – ', [property, unit]),
				item.status,
			),
			value: id(item),
		};
	}),
};

/** A guest card is named by its own `guestCardId`, the id the emails list takes. */
const guestCards: SearchSource = {
	path: '/v1/guest-cards',
	queries: [EVERY_DATE],
	toEntries: eachItem((item) =>
		text(item.guestCardId)
			? {
					name: label(item.name, joined(' – ', [item.propertyName, item.unit]), item.status, item.received),
					value: text(item.guestCardId),
				}
			: undefined,
	),
};

const units: SearchSource = {
	path: '/v1/units',
	toEntries: eachItem((item) => ({
		name: label(item.name, (item.property as IDataObject | null)?.label),
		value: id(item),
	})),
};

type SearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

const searchOf = (source: SearchSource): SearchMethod =>
	async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchList(this, source, filter, paginationToken);
	};

export const listSearch = {
	searchProperties: searchOf(properties),
	searchPropertyGroups: searchOf(propertyGroups),
	searchOwners: searchOf(owners),
	searchVendors: searchOf(vendors),
	searchGlAccounts: searchOf(glAccounts),
	searchBankAccounts: searchOf(bankAccounts),
	searchOccupancies: searchOf(occupancies),
	searchBills: searchOf(bills),
	searchPurchaseOrders: searchOf(purchaseOrders),
	searchWorkOrders: searchOf(workOrders),
	searchGuestCards: searchOf(guestCards),
	searchUnits: searchOf(units),
};
