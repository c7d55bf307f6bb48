/**
 * The parameters of each create as the user sees them in the node (display names), keyed by the
 * service's field names the rules work with: each resource's body.ts holds its own; the line items'
 * are here, as every create with line items shares them. test/node/ux/validationMessages.test.ts
 * checks every label against the node's description, so a renamed parameter cannot leave a stale
 * label behind.
 */
export type FieldLabels = Readonly<Record<string, string>>;

export const LINE_ITEM_LABELS: FieldLabels = {
	glAccountId: 'GL Account',
	propertyId: 'Property',
	unitId: 'Unit',
	description: 'Description',
	amount: 'Amount',
	serviceFrom: 'Service From',
	serviceTo: 'Service To',
	itemAmount: 'Item Amount',
	quantity: 'Quantity',
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
