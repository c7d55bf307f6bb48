/**
 * The parameters of each create as the user sees them in the node (display names), keyed by the
 * service's field names the rules work with. test/node/ux/validationMessages.test.ts checks every
 * label against the node's description, so a renamed parameter cannot leave a stale label behind.
 */
export type FieldLabels = Readonly<Record<string, string>>;

export const VENDOR_LABELS: FieldLabels = {
	companyName: 'Company Name',
	firstName: 'First Name',
	lastName: 'Last Name',
	useCompanyNameAsDisplayName: 'Use Company Name as Display Name',
	vendorType: 'Vendor Type',
	addressStreet: 'Street',
	addressStreet2: 'Street 2',
	addressCity: 'City',
	addressState: 'State',
	addressZip: 'ZIP',
	addressCountry: 'Country',
	phoneNumber: 'Phone Number',
	phoneLabel: 'Phone Label',
	email: 'Email',
	glAccountId: 'Default GL Account',
	tradeIds: 'Trade IDs',
	taxId: 'Tax ID',
	taxpayerName: 'Taxpayer Name',
	send1099: 'Send 1099',
};

export const PROPERTY_GROUP_LABELS: FieldLabels = {
	name: 'Name',
	propertyIds: 'Property IDs',
};

export const TENANT_CHARGE_LABELS: FieldLabels = {
	occupancyId: 'Occupancy',
	amount: 'Amount',
	chargeDate: 'Charge Date',
	postingDate: 'Posting Date',
	glAccountId: 'GL Account',
	description: 'Description',
	warningsOk: 'Create Despite Warnings',
};

export const LINE_ITEM_LABELS: FieldLabels = {
	glAccountId: 'GL Account',
	propertyId: 'Property',
	unitId: 'Unit ID',
	description: 'Description',
	amount: 'Amount',
	serviceFrom: 'Service From',
	serviceTo: 'Service To',
	itemAmount: 'Item Amount',
	quantity: 'Quantity',
};

export const BILL_LABELS: FieldLabels = {
	vendorId: 'Vendor',
	billDate: 'Bill Date',
	dueDate: 'Due Date',
	purchaseOrderId: 'Purchase Order',
	reference: 'Reference',
	remarks: 'Remarks',
	memoForCheck: 'Memo for Check',
	lineItems: 'Line Items',
	invoice: 'Invoice PDF',
	invoiceUrl: 'Invoice URL',
	invoiceFileName: 'Invoice File Name',
	binaryPropertyName: 'Input Binary Field',
};

export const PURCHASE_ORDER_LABELS: FieldLabels = {
	vendorId: 'Vendor',
	shipToPropertyId: 'Ship To Property',
	workOrderIds: 'Work Order IDs',
	requiredBy: 'Required By',
	invoiceNumber: 'Invoice Number',
	instructions: 'Instructions',
	number: 'Number',
	lineItems: 'Line Items',
};

/**
 * `billDate` → "Bill Date"; `lineItems[0].glAccountId` → "Line Item 1 › GL Account (glAccountId)"
 * (the key stays visible for line items mapped as JSON); `tradeIds[2]` → "Trade IDs › 3".
 * A field without a label keeps its service name rather than vanish from the message.
 */
export function labelOf(labels: FieldLabels | undefined, field: string): string {
	const lineItem = /^lineItems\[(\d+)\](?:\.(.+))?$/.exec(field);
	if (lineItem) {
		const position = `Line Item ${Number(lineItem[1]) + 1}`;
		const key = lineItem[2];
		if (key === undefined) return position;
		return LINE_ITEM_LABELS[key]
			? `${position} › ${LINE_ITEM_LABELS[key]} (${key})`
			: `${position} › ${key}`;
	}
	const listEntry = /^(\w+)\[(\d+)\]$/.exec(field);
	if (listEntry) return `${labelOf(labels, listEntry[1])} › ${Number(listEntry[2]) + 1}`;
	return labels?.[field] ?? field;
}
