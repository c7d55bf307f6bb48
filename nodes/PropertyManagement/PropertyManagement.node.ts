import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../shared/listSearch';
import { RESOURCES } from './resources';
import { enginePagination } from '../shared/transport';

export class PropertyManagement implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Property Management',
		name: 'propertyManagement',
		icon: { light: 'file:../icons/propertyManagement.svg', dark: 'file:../icons/propertyManagement.dark.svg' },
		group: ['transform'],
		version: 1,
		// "Get Many: Tenant": canvasSubtitle(RESOURCES) written out, since n8n's lint wants a literal here;
		// test/node/ux/descriptions.test.ts fails when the two differ and prints the new one
		subtitle:
			'={{ ($parameter["operation"] === "getFile" ? "Get File" : $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "getActivity" ? "Get Activity" : $parameter["operation"] === "create" ? "Create" : $parameter["operation"] === "get" ? "Get" : $parameter["operation"] === "getTracking" ? "Get Tracking" : $parameter["operation"] === "getDocuments" ? "Get Documents" : $parameter["operation"] === "getHistory" ? "Get History" : $parameter["operation"] === "getAnnualBudgetComparative" ? "Get Annual Budget Comparative" : $parameter["operation"] === "getBalanceSheet" ? "Get Balance Sheet" : $parameter["operation"] === "getCashFlow" ? "Get Cash Flow" : $parameter["operation"] === "getIncomeStatement" ? "Get Income Statement" : $parameter["operation"] === "getRentRoll" ? "Get Rent Roll" : $parameter["operation"] === "getRentRollItemized" ? "Get Rent Roll Itemized" : $parameter["operation"] === "getRentRollRecurring" ? "Get Rent Roll Recurring" : $parameter["operation"] === "createCharge" ? "Create Charge" : $parameter["operation"] === "getPhotos" ? "Get Photos" : $parameter["operation"] === "getVacancies" ? "Get Vacancies" : $parameter["operation"] === "getMe" ? "Get Current User" : $parameter["operation"] === "getRoles" ? "Get Role" : $parameter["operation"]) + ": " + ($parameter["resource"] === "attachment" ? "Attachment" : $parameter["resource"] === "bankAccount" ? "Bank Account" : $parameter["resource"] === "bill" ? "Bill" : $parameter["resource"] === "email" ? "Email" : $parameter["resource"] === "glAccount" ? "GL Account" : $parameter["resource"] === "guestCard" ? "Guest Card" : $parameter["resource"] === "leadSource" ? "Lead Source" : $parameter["resource"] === "lease" ? "Lease" : $parameter["resource"] === "letter" ? "Letter" : $parameter["resource"] === "owner" ? "Owner" : $parameter["resource"] === "property" ? "Property" : $parameter["resource"] === "propertyGroup" ? "Property Group" : $parameter["resource"] === "purchaseOrder" ? "Purchase Order" : $parameter["resource"] === "rentalApplication" ? "Rental Application" : $parameter["resource"] === "report" ? "Report" : $parameter["resource"] === "tenant" ? "Tenant" : $parameter["resource"] === "tenantEvent" ? "Tenant Event" : $parameter["resource"] === "tenantLedger" ? "Tenant Ledger" : $parameter["resource"] === "textMessage" ? "Text Message" : $parameter["resource"] === "unit" ? "Unit" : $parameter["resource"] === "user" ? "User" : $parameter["resource"] === "vendor" ? "Vendor" : $parameter["resource"] === "workOrder" ? "Work Order" : $parameter["resource"]) }}',
		description:
			'Read properties, tenants, leasing, accounting reports and communications from the Property Management Data Interface Service (Skywalk API for AppFolio), and create bills, purchase orders, vendors, property groups and tenant charges',
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
				// a value none of the options has reaches the engine, which refuses it (as an unknown Operation)
				routing: { send: { paginate: true } },
			},
			...RESOURCES.flatMap((resource) => resource.properties),
		],
	};

	methods = { listSearch };
}
