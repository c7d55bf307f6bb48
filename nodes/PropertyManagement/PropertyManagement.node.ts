import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from './listSearch';
import { attachmentDescription } from './resources/attachment';
import { bankAccountDescription } from './resources/bankAccount';
import { billDescription } from './resources/bill';
import { emailDescription } from './resources/email';
import { glAccountDescription } from './resources/glAccount';
import { guestCardDescription } from './resources/guestCard';
import { leadSourceDescription } from './resources/leadSource';
import { leaseDescription } from './resources/lease';
import { letterDescription } from './resources/letter';
import { ownerDescription } from './resources/owner';
import { propertyDescription } from './resources/property';
import { propertyGroupDescription } from './resources/propertyGroup';
import { purchaseOrderDescription } from './resources/purchaseOrder';
import { rentalApplicationDescription } from './resources/rentalApplication';
import { reportDescription } from './resources/report';
import { tenantDescription } from './resources/tenant';
import { tenantEventDescription } from './resources/tenantEvent';
import { tenantLedgerDescription } from './resources/tenantLedger';
import { textMessageDescription } from './resources/textMessage';
import { unitDescription } from './resources/unit';
import { userDescription } from './resources/user';
import { vendorDescription } from './resources/vendor';
import { workOrderDescription } from './resources/workOrder';
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
				options: [
					{ name: 'Attachment', value: 'attachment' },
					{ name: 'Bank Account', value: 'bankAccount' },
					{ name: 'Bill', value: 'bill' },
					{ name: 'Email', value: 'email' },
					{ name: 'GL Account', value: 'glAccount' },
					{ name: 'Guest Card', value: 'guestCard' },
					{ name: 'Lead Source', value: 'leadSource' },
					{ name: 'Lease', value: 'lease' },
					{ name: 'Letter', value: 'letter' },
					{ name: 'Owner', value: 'owner' },
					{ name: 'Property', value: 'property' },
					{ name: 'Property Group', value: 'propertyGroup' },
					{ name: 'Purchase Order', value: 'purchaseOrder' },
					{ name: 'Rental Application', value: 'rentalApplication' },
					{ name: 'Report', value: 'report' },
					{ name: 'Tenant', value: 'tenant' },
					{ name: 'Tenant Event', value: 'tenantEvent' },
					{ name: 'Tenant Ledger', value: 'tenantLedger' },
					{ name: 'Text Message', value: 'textMessage' },
					{ name: 'Unit', value: 'unit' },
					{ name: 'User', value: 'user' },
					{ name: 'Vendor', value: 'vendor' },
					{ name: 'Work Order', value: 'workOrder' },
				],
				default: 'property',
			},
			...attachmentDescription,
			...bankAccountDescription,
			...billDescription,
			...emailDescription,
			...glAccountDescription,
			...guestCardDescription,
			...leadSourceDescription,
			...leaseDescription,
			...letterDescription,
			...ownerDescription,
			...propertyDescription,
			...propertyGroupDescription,
			...purchaseOrderDescription,
			...rentalApplicationDescription,
			...reportDescription,
			...tenantDescription,
			...tenantEventDescription,
			...tenantLedgerDescription,
			...textMessageDescription,
			...unitDescription,
			...userDescription,
			...vendorDescription,
			...workOrderDescription,
		],
	};

	methods = { listSearch };
}
