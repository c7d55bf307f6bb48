/**
 * One case per read operation: the node parameters, the request the sandbox must log, and fields
 * of the spec every returned item must carry. A read of the contract table without a case here runs
 * with its defaults (`defaultReadCase`), so a new endpoint is tested from its contract row alone;
 * a case here adds its filters, its fields and what the items must match.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { QueryParams } from '../../../sandbox/types';
import { byId, type ReadFixtures } from './fixtures';

export interface ReadCase {
	operation: string;
	parameters: INodeParameters;
	path: string;
	/** the query every request must carry, but for the cursor; a default case does not fix it */
	query?: QueryParams;
	/** headers as the sandbox logged them */
	headers?: { maxAge?: number; processingMode?: string };
	fields: string[];
	/** exact item count, when the parameters fix it */
	count?: number;
	check?: (item: IDataObject) => boolean;
}

const ALL = { returnAll: true };

export function readCases(fx: ReadFixtures): ReadCase[] {
	return [
		{
			operation: 'property:getAll',
			parameters: { resource: 'property', operation: 'getAll', ...ALL, filters: { propertyId: byId(fx.propertyId) } },
			path: '/v1/properties',
			query: { propertyId: fx.propertyId },
			fields: ['upstreamId', 'label', 'fullAddress', 'unitCount', 'address', 'owners'],
			count: 1,
			check: (item) => item.upstreamId === fx.propertyId,
		},
		{
			operation: 'unit:getAll',
			parameters: {
				resource: 'unit',
				operation: 'getAll',
				...ALL,
				filters: { propertyId: { __rl: true, mode: 'list', value: fx.propertyId, cachedResultName: 'x' } },
			},
			path: '/v1/units',
			query: { propertyId: fx.propertyId },
			fields: ['upstreamId', 'name', 'marketRent', 'bedrooms', 'bathrooms', 'rentStatus', 'property', 'address'],
			check: (item) => (item.property as IDataObject).upstreamId === fx.propertyId,
		},
		{
			operation: 'unit:getVacancies',
			parameters: {
				resource: 'unit',
				operation: 'getVacancies',
				...ALL,
				dateRange: 'custom',
				dateFrom: '2000-01-01T00:00:00',
				dateTo: '2099-12-31T00:00:00.000Z',
			},
			path: '/v1/unit-vacancies',
			query: { dateRange: 'all_time', dateFrom: '01/01/2000', dateTo: '12/31/2099' },
			fields: ['upstreamId', 'availableOn', 'daysVacant', 'status', 'property'],
		},
		{
			operation: 'unit:getPhotos',
			parameters: { resource: 'unit', operation: 'getPhotos', ...ALL, filters: { unitId: fx.unitIdWithPhotos } },
			path: '/v1/unit-photos',
			query: { unitId: fx.unitIdWithPhotos },
			fields: ['upstreamId', 'name', 'default', 'url'],
		},
		{
			operation: 'owner:getAll',
			parameters: { resource: 'owner', operation: 'getAll', ...ALL, filters: { ownerVisibility: 'all' } },
			path: '/v1/owners',
			query: { ownerVisibility: 'all' },
			fields: ['upstreamId', 'name', 'propertyIds', 'holdPayments'],
		},
		{
			operation: 'tenant:getAll',
			parameters: {
				resource: 'tenant',
				operation: 'getAll',
				returnAll: false,
				limit: 3,
				filters: { status: ['current', 'notice'], visibility: 'all' },
			},
			path: '/v1/tenants',
			query: { status: ['current', 'notice'], visibility: 'all' },
			fields: ['upstreamId', 'name', 'status', 'occupancyUpstreamId', 'unit', 'leaseFrom'],
			count: 3,
		},
		{
			operation: 'tenantEvent:getAll',
			parameters: {
				resource: 'tenantEvent',
				operation: 'getAll',
				...ALL,
				dateRange: 'all_time',
				filters: { eventType: ['Move-in', 'Notice'] },
			},
			path: '/v1/tenant-events',
			query: { dateRange: 'all_time', eventType: ['Move-in', 'Notice'] },
			fields: ['occurredDate', 'event', 'property', 'unit', 'tenant', 'occupancy'],
			check: (item) => item.event === 'Move-in' || item.event === 'Notice',
		},
		{
			operation: 'lease:getHistory',
			parameters: {
				resource: 'lease',
				operation: 'getHistory',
				...ALL,
				dateRange: 'custom',
				dateFrom: '2000-01',
				dateTo: '12/2099',
				filters: { propertyId: byId(fx.propertyId), leaseStatus: 'Completed', filterLeaseBy: 'Lease Start Date' },
			},
			path: '/v1/lease-history',
			query: {
				dateFrom: '01/2000',
				dateTo: '12/2099',
				propertyId: fx.propertyId,
				leaseStatus: 'Completed',
				filterLeaseBy: 'Lease Start Date',
			},
			fields: ['leaseUUID', 'status', 'leaseStart', 'leaseEnd', 'rent', 'renewal', 'occupancy', 'tenant', 'unit', 'property'],
			check: (item) => item.status === 'Completed' && (item.property as IDataObject).upstreamId === fx.propertyId,
		},
		{
			operation: 'lease:getDocuments',
			parameters: {
				resource: 'lease',
				operation: 'getDocuments',
				...ALL,
				occupancyId: byId(fx.occupancyWithLeaseDocuments),
			},
			path: '/v1/lease-documents',
			query: { occupancyId: fx.occupancyWithLeaseDocuments },
			fields: ['name', 'leaseFrom', 'leaseTo', 'status', 'leaseDocumentId', 'file'],
		},
		{
			operation: 'letter:getAll',
			parameters: { resource: 'letter', operation: 'getAll', ...ALL, occupancyId: byId(fx.occupancyWithLetters) },
			path: '/v1/letters',
			query: { occupancyId: fx.occupancyWithLetters },
			fields: ['upstreamId', 'name', 'createdAt', 'category', 'file'],
		},
		{
			operation: 'guestCard:getAll',
			parameters: {
				resource: 'guestCard',
				operation: 'getAll',
				...ALL,
				dateRange: 'all_time',
				filters: { leadStatus: 'all', leadType: 'all' },
			},
			path: '/v1/guest-cards',
			query: { dateRange: 'all_time', leadStatus: 'all', leadType: 'all' },
			fields: ['guestCardId', 'name', 'status', 'source', 'received', 'leadType'],
		},
		{
			operation: 'rentalApplication:getAll',
			parameters: {
				resource: 'rentalApplication',
				operation: 'getAll',
				...ALL,
				dateRange: 'all_time',
				filters: { applicationStatus: 'all' },
			},
			path: '/v1/rental-applications',
			query: { dateRange: 'all_time', applicationStatus: 'all' },
			fields: ['rentalApplicationId', 'status', 'applicants', 'unit', 'currentAddress'],
		},
		{
			operation: 'leadSource:getTracking',
			parameters: { resource: 'leadSource', operation: 'getTracking', ...ALL, dateRange: 'trailing_12_months' },
			path: '/v1/lead-source-tracking',
			query: { dateRange: 'trailing_12_months' },
			fields: ['source', 'guestCardInquiries', 'showings', 'applications', 'approvedApplications', 'convertedTenants'],
		},
		{
			operation: 'bankAccount:getAll',
			parameters: { resource: 'bankAccount', operation: 'getAll', ...ALL, options: { maxAge: 120 } },
			path: '/v1/bank-accounts',
			query: {},
			headers: { maxAge: 120 },
			fields: ['upstreamId', 'name', 'bankName', 'maskedAccountNumber', 'paymentsEnabledStatus'],
		},
		{
			operation: 'bankAccount:getActivity',
			parameters: {
				resource: 'bankAccount',
				operation: 'getActivity',
				...ALL,
				bankAccountId: byId(fx.bankAccountId),
				dateRange: 'all_time',
			},
			path: '/v1/bank-account-activity',
			query: { bankAccountId: fx.bankAccountId, dateRange: 'all_time' },
			fields: ['rowId', 'credit', 'debit', 'balance', 'date', 'transaction'],
		},
		{
			operation: 'glAccount:getAll',
			parameters: { resource: 'glAccount', operation: 'getAll', ...ALL, options: { processingMode: 'longer' } },
			path: '/v1/gl-accounts',
			query: {},
			headers: { processingMode: 'longer' },
			fields: ['upstreamId', 'accountName', 'accountType', 'number', 'hidden'],
		},
		{
			operation: 'report:getCashFlow',
			parameters: {
				resource: 'report',
				operation: 'getCashFlow',
				...ALL,
				dateRange: 'last_month',
				filters: { accounting: 'accrual', ownerPercentBased: 'Yes' },
			},
			path: '/v1/cash-flow',
			query: { dateRange: 'last_month', accounting: 'accrual', ownerPercentBased: 'Yes' },
			fields: ['id', 'title', 'parentId', 'childIds', 'selectedPeriod', 'fiscalYearToDate'],
		},
		{
			operation: 'report:getBalanceSheet',
			parameters: {
				resource: 'report',
				operation: 'getBalanceSheet',
				...ALL,
				filters: { date: '2026-06-30T00:00:00', includeZeroBalanceGlAccounts: 'Yes', asOf: 'end_of_last_year' },
			},
			path: '/v1/balance-sheet',
			query: { date: '06/30/2026', includeZeroBalanceGlAccounts: 'Yes', asOf: 'end_of_last_year' },
			fields: ['id', 'title', 'glAccountIds', 'balance', 'childIds'],
		},
		{
			operation: 'report:getIncomeStatement',
			parameters: {
				resource: 'report',
				operation: 'getIncomeStatement',
				...ALL,
				filters: { accounting: 'cash', date: '2026-02-28' },
			},
			path: '/v1/income-statement',
			query: { accounting: 'cash', date: '02/28/2026' },
			fields: ['id', 'accountName', 'level', 'rowType', 'monthToDate', 'yearToDate', 'lastYearToDate', 'glAccountId'],
		},
		{
			operation: 'report:getAnnualBudgetComparative',
			parameters: {
				resource: 'report',
				operation: 'getAnnualBudgetComparative',
				...ALL,
				filters: { date: '2026-02-28' },
			},
			path: '/v1/annual-budget-comparative',
			query: { date: '02/28/2026' },
			fields: ['id', 'title', 'mtdActual', 'mtdBudget', 'ytdActual', 'ytdBudget', 'ytdPercentVariance', 'annual'],
		},
		{
			operation: 'report:getRentRoll',
			parameters: {
				resource: 'report',
				operation: 'getRentRoll',
				...ALL,
				filters: { propertyId: byId(fx.propertyId), date: '2026-01-15' },
			},
			path: '/v1/rent-roll',
			query: { propertyId: fx.propertyId, date: '01/15/2026' },
			fields: ['upstreamId', 'unit', 'unitId', 'property', 'rent', 'status'],
		},
		{
			operation: 'report:getRentRollRecurring',
			parameters: {
				resource: 'report',
				operation: 'getRentRollRecurring',
				...ALL,
				filters: { propertyId: byId(fx.propertyId), glAccountIds: fx.rentGlAccountId },
			},
			path: '/v1/rent-roll-recurring',
			query: { propertyId: fx.propertyId, glAccountIds: fx.rentGlAccountId },
			fields: ['property', 'unit', 'occupancy', 'glAccount', 'startDate', 'chargeAmount', 'amountAsMonthly'],
			check: (item) => item.glAccount === 'Rent Income',
		},
		{
			operation: 'report:getRentRollItemized',
			parameters: {
				resource: 'report',
				operation: 'getRentRollItemized',
				...ALL,
				filters: { propertyId: byId(fx.propertyId) },
			},
			path: '/v1/rent-roll-itemized',
			query: { propertyId: fx.propertyId },
			fields: ['upstreamId', 'occupancyId', 'chargeType', 'amount'],
			check: (item) => String(item.propertyId) === fx.propertyId,
		},
		{
			operation: 'workOrder:getAll',
			parameters: {
				resource: 'workOrder',
				operation: 'getAll',
				...ALL,
				dateRange: 'all_time',
				filters: { status: 'all' },
			},
			path: '/v1/work-orders',
			query: { dateRange: 'all_time', status: 'all' },
			fields: ['upstreamId', 'workOrderNumber', 'workOrderType', 'status', 'jobDescription', 'createdAt', 'property', 'unit'],
		},
		{
			operation: 'attachment:getAll',
			parameters: {
				resource: 'attachment',
				operation: 'getAll',
				...ALL,
				attachedTo: 'occupancy',
				occupancyId: byId(fx.occupancyWithAttachments),
			},
			path: '/v1/attachments',
			query: { occupancyId: fx.occupancyWithAttachments },
			fields: ['upstreamId', 'createdAt', 'folderName', 'sharedWith', 'file'],
		},
		{
			operation: 'attachment:getFile',
			parameters: { resource: 'attachment', operation: 'getFile', id: fx.fileId },
			path: '/v1/file',
			query: { id: fx.fileId },
			fields: ['id', 'signedUrl', 'fileName', 'contentType', 'fileSize'],
			count: 1,
		},
		{
			operation: 'email:getAll',
			parameters: {
				resource: 'email',
				operation: 'getAll',
				...ALL,
				emailsOf: 'guestCard',
				guestCardId: fx.guestCardWithEmails,
			},
			path: '/v1/emails',
			query: { guestCardId: fx.guestCardWithEmails },
			fields: ['upstreamId', 'status', 'sentAt', 'to', 'from', 'subject', 'hasAttachment'],
		},
		{
			operation: 'email:get',
			parameters: { resource: 'email', operation: 'get', emailId: fx.emailId },
			path: '/v1/email',
			query: { emailId: fx.emailId },
			fields: ['upstreamId', 'direction', 'subject', 'body', 'to', 'attachments'],
			count: 1,
			check: (item) => item.upstreamId === fx.emailId,
		},
		{
			operation: 'textMessage:getAll',
			parameters: { resource: 'textMessage', operation: 'getAll', ...ALL, toNumber: fx.smsNumber },
			path: '/v1/sms',
			query: { toNumber: fx.smsNumber },
			fields: ['upstreamId', 'body', 'sentOrReceivedAt', 'direction', 'remotePartyNumber', 'media'],
		},
		{
			operation: 'user:getAll',
			parameters: { resource: 'user', operation: 'getAll', ...ALL },
			path: '/v1/users',
			query: {},
			fields: ['upstreamId', 'name', 'email', 'userRole', 'active'],
		},
		{
			operation: 'user:getMe',
			parameters: { resource: 'user', operation: 'getMe' },
			path: '/v1/me',
			query: {},
			fields: ['upstreamId', 'name', 'email', 'role', 'permissions'],
			count: 1,
		},
		{
			operation: 'user:getRoles',
			parameters: { resource: 'user', operation: 'getRoles', ...ALL },
			path: '/v1/user-roles',
			query: {},
			fields: ['upstreamId', 'name', 'permissions'],
			count: 1,
		},
	];
}

/** Reads that their resource's write suite tests beside its create (test/node/writes/). */
export const READS_WITH_THEIR_CREATES = [
	'vendor:getAll',
	'propertyGroup:getAll',
	'tenantLedger:getAll',
	'bill:getAll',
	'bill:get',
	'purchaseOrder:getAll',
	'purchaseOrder:get',
];

/**
 * A read with no case of its own: the resource and operation, every page, every other parameter at
 * its default. It must reach the contract's path and return items that carry an upstreamId.
 */
export function defaultReadCase(operation: string, route: string): ReadCase {
	const [resource, name] = operation.split(':');
	return {
		operation,
		parameters: { resource, operation: name, ...ALL },
		path: route.replace(/^GET /, ''),
		fields: ['upstreamId'],
	};
}

/** The cases above, and a default case for every other read of `readRows` (the contract table's GETs). */
export function allReadCases(fx: ReadFixtures, readRows: Array<[string, string]>): ReadCase[] {
	const written = readCases(fx);
	const named = new Set([...written.map((entry) => entry.operation), ...READS_WITH_THEIR_CREATES]);
	const defaults = readRows.filter(([operation]) => !named.has(operation));
	return [...written, ...defaults.map(([operation, route]) => defaultReadCase(operation, route))];
}
