import type { BillRecord, Db } from '../../db/db';
import { readEndpoint } from '../../shared/define';
import { parseKnownDate } from '../../shared/format';
import { postableGlAccount, unitOfProperty, visibleProperty, visibleVendor } from '../../shared/lookups';
import { dateParam, dbOf, oneOf, single } from '../../shared/params';
import { type Body, bodyObject, optionalDate, optionalId, optionalString, requiredAmount, requiredDate, requiredId, requiredObjectList, requiredString } from '../../shared/validation';
import { type EndpointDef, HttpError } from '../../types';
import { type BillLineInput, billListRow, storeBill } from './data';

/** bills touching an invisible vendor or property are not the connected user's to see */
function visibleBill(db: Db, bill: BillRecord): boolean {
	const vendor = db.vendors.find((v) => v.row.upstreamId === bill.detail.vendorId);
	return !vendor?.invisible && bill.propertyIds.every((id) => !db.properties.find((p) => p.row.upstreamId === id)!.invisible);
}

const STATUS_MATCH = { All: null, Paid: ['Paid', 'Used'], Unpaid: ['Unpaid', 'Unused'] } as const;

function invoiceFileName(body: Body): string[] {
	const invoice = body.invoice;
	if (invoice === undefined || invoice === null) return [];
	if (typeof invoice !== 'object' || Array.isArray(invoice)) throw new HttpError(400, 'invoice must be an object {fileName, content | url}', 'invoice');
	const fields = invoice as Body;
	const fileName = requiredString(fields, 'fileName', 'invoice.fileName');
	const content = optionalString(fields, 'content', 'invoice.content');
	const url = optionalString(fields, 'url', 'invoice.url');
	if ((content === null) === (url === null)) throw new HttpError(400, 'invoice needs exactly one of content or url', 'invoice');
	if (content !== null && !/^[A-Za-z0-9+/\s]+={0,2}$/.test(content)) throw new HttpError(400, 'invoice.content must be base64', 'invoice.content');
	if (url !== null && !/^https?:\/\/\S+$/.test(url)) throw new HttpError(400, 'invoice.url must be an http(s) URL', 'invoice.url');
	return [fileName];
}

function billLine(db: Db, line: Body, index: number): BillLineInput {
	const label = (field: string) => `lineItems[${index}].${field}`;
	const account = postableGlAccount(db, requiredId(line, 'glAccountId', label('glAccountId')), label('glAccountId'));
	const property = visibleProperty(db, requiredId(line, 'propertyId', label('propertyId')), label('propertyId'));
	const cents = requiredAmount(line, 'amount', label('amount'));
	const unitId = optionalId(line, 'unitId', label('unitId'));
	if (unitId) unitOfProperty(db, unitId, property.row.upstreamId, label('unitId'));
	optionalDate(line, 'serviceFrom', label('serviceFrom'));
	optionalDate(line, 'serviceTo', label('serviceTo'));
	return { glAccountId: account.upstreamId, propertyId: property.row.upstreamId, unitId, description: optionalString(line, 'description', label('description')), cents };
}

export const billEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/bills',
		(ctx, query) => {
			const db = dbOf(ctx);
			const propertyId = single(query, 'propertyId');
			const vendorId = single(query, 'vendorId');
			if (propertyId !== undefined) visibleProperty(db, propertyId);
			if (vendorId !== undefined) visibleVendor(db, vendorId);
			return {
				from: dateParam(query, 'billDateFrom'),
				to: dateParam(query, 'billDateTo'),
				status: STATUS_MATCH[oneOf(query, 'status', ['All', 'Paid', 'Unpaid'] as const, 'All')],
				approvalStatus: oneOf(query, 'approvalStatus', ['All', 'Pending Approval', 'Approved'] as const, 'All'),
				propertyId,
				vendorId,
			};
		},
		(ctx, f) => {
			const db = dbOf(ctx);
			return db.bills
				.filter((b) => {
					const billDate = parseKnownDate(b.detail.billDate);
					return (
						visibleBill(db, b) &&
						(!f.from || billDate >= f.from) &&
						(!f.to || billDate <= f.to) &&
						(!f.status || (f.status as readonly string[]).includes(b.detail.status)) &&
						(f.approvalStatus === 'All' || b.detail.approvalStatus === f.approvalStatus) &&
						(!f.propertyId || b.propertyIds.includes(f.propertyId)) &&
						(!f.vendorId || b.detail.vendorId === f.vendorId)
					);
				})
				.map((b) => billListRow(db, b));
		},
	),
	readEndpoint(
		'/v1/bills/:upstreamId',
		(ctx, _query, params) => {
			const db = dbOf(ctx);
			const bill = db.bills.find((b) => b.detail.upstreamId === params.upstreamId);
			if (!bill || !visibleBill(db, bill)) throw new HttpError(404, `bill ${params.upstreamId} not found`);
			return bill;
		},
		(_ctx, bill) => [bill.detail],
		{ single: true },
	),
	{
		kind: 'create',
		path: '/v1/bills',
		invalidates: ['/v1/bills', '/v1/purchase-orders', '/v1/cash-flow', '/v1/income-statement', '/v1/balance-sheet', '/v1/annual-budget-comparative', '/v1/bank-account-activity'],
		create(ctx, input) {
			const db = dbOf(ctx);
			const body = bodyObject(input);
			const vendor = visibleVendor(db, requiredId(body, 'vendorId'));
			const billDate = requiredDate(body, 'billDate');
			const dueDate = requiredDate(body, 'dueDate');
			const lines = requiredObjectList(body, 'lineItems').map((line, index) => billLine(db, line, index));
			const purchaseOrderId = optionalId(body, 'purchaseOrderId');
			if (purchaseOrderId) {
				const order = db.purchaseOrders.find((o) => o.upstreamId === purchaseOrderId);
				if (!order || order.vendorId !== vendor.row.upstreamId) throw new HttpError(400, `purchaseOrderId ${purchaseOrderId} is not an order of vendor ${vendor.row.upstreamId}`, 'purchaseOrderId');
				if (order.canceled) throw new HttpError(400, `purchaseOrderId ${purchaseOrderId} is canceled`, 'purchaseOrderId');
			}
			const invoiceFileNames = invoiceFileName(body);
			return storeBill(db, {
				vendorId: vendor.row.upstreamId,
				billDate,
				dueDate,
				lines,
				purchaseOrderId,
				reference: optionalString(body, 'reference'),
				remarks: optionalString(body, 'remarks'),
				memoForCheck: optionalString(body, 'memoForCheck'),
				invoiceFileNames,
				status: 'Unpaid',
				approvalStatus: 'Pending Approval',
			}).detail;
		},
	},
];
