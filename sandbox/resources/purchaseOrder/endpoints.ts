import type { Db } from '../../db/db';
import { readEndpoint } from '../../shared/define';
import { startOfDay } from '../../shared/format';
import { glAccount, postableGlAccount, unitOfProperty, visibleProperty, visibleVendor } from '../../shared/lookups';
import { dateParam, dbOf, oneOf, single } from '../../shared/params';
import { type Body, bodyObject, optionalDate, optionalId, optionalIdList, optionalString, requiredAmount, requiredId, requiredObjectList } from '../../shared/validation';
import { type EndpointDef, HttpError } from '../../types';
import { isNumberTaken, type PurchaseOrderLineInput, purchaseOrderListRow, storePurchaseOrder } from './data';
import type { PurchaseOrderDetail } from './schema';

function visibleOrder(db: Db, order: PurchaseOrderDetail): boolean {
	const vendor = db.vendors.find((v) => v.row.upstreamId === order.vendorId);
	return !vendor?.invisible && order.lineItems.every((l) => !db.properties.find((p) => p.row.upstreamId === l.propertyId)!.invisible);
}

function orderLine(db: Db, line: Body, index: number): PurchaseOrderLineInput {
	const label = (field: string) => `lineItems[${index}].${field}`;
	const account = postableGlAccount(db, requiredId(line, 'glAccountId', label('glAccountId')), label('glAccountId'));
	const property = visibleProperty(db, requiredId(line, 'propertyId', label('propertyId')), label('propertyId'));
	const itemCents = requiredAmount(line, 'itemAmount', label('itemAmount'));
	const unitId = optionalId(line, 'unitId', label('unitId'));
	if (unitId) unitOfProperty(db, unitId, property.row.upstreamId, label('unitId'));
	const quantity = optionalString(line, 'quantity', label('quantity')) ?? '1';
	if (!/^\d+(\.\d+)?$/.test(quantity) || Number(quantity) <= 0) throw new HttpError(400, `${label('quantity')} must be a positive number string`, label('quantity'));
	return { glAccountId: account.upstreamId, propertyId: property.row.upstreamId, unitId, itemCents, quantity, description: optionalString(line, 'description', label('description')) };
}

export const purchaseOrderEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/purchase-orders',
		(ctx, query) => {
			const db = dbOf(ctx);
			const propertyId = single(query, 'propertyId');
			const vendorId = single(query, 'vendorId');
			const glAccountId = single(query, 'glAccountId');
			if (propertyId !== undefined) visibleProperty(db, propertyId);
			if (vendorId !== undefined) visibleVendor(db, vendorId);
			if (glAccountId !== undefined) glAccount(db, glAccountId);
			return {
				from: dateParam(query, 'createdOnFrom'),
				to: dateParam(query, 'createdOnTo'),
				approvalStatus: oneOf(query, 'approvalStatus', ['All', 'Pending Approval', 'Approved'] as const, 'All'),
				orderStatus: oneOf(query, 'orderStatus', ['All', 'Submitted', 'Completed'] as const, 'All'),
				includeCanceled: oneOf(query, 'includeCanceled', ['true', 'false'] as const, 'false') === 'true',
				propertyId,
				vendorId,
				glAccountId,
			};
		},
		(ctx, f) => {
			const db = dbOf(ctx);
			return db.purchaseOrders
				.filter((o) => {
					const createdOn = startOfDay(new Date(o.createdAt));
					return (
						visibleOrder(db, o) &&
						(f.includeCanceled || !o.canceled) &&
						(!f.from || createdOn >= f.from) &&
						(!f.to || createdOn <= f.to) &&
						(f.approvalStatus === 'All' || o.approvalStatus === f.approvalStatus) &&
						(f.orderStatus === 'All' || o.completed === (f.orderStatus === 'Completed')) &&
						(!f.propertyId || o.lineItems.some((l) => l.propertyId === f.propertyId)) &&
						(!f.vendorId || o.vendorId === f.vendorId) &&
						(!f.glAccountId || o.lineItems.some((l) => l.glAccountId === f.glAccountId))
					);
				})
				.map(purchaseOrderListRow);
		},
	),
	readEndpoint(
		'/v1/purchase-orders/:upstreamId',
		(ctx, _query, params) => {
			const db = dbOf(ctx);
			const order = db.purchaseOrders.find((o) => o.upstreamId === params.upstreamId);
			if (!order || !visibleOrder(db, order)) throw new HttpError(404, `purchase order ${params.upstreamId} not found`);
			return order;
		},
		(_ctx, order) => [order],
		{ single: true },
	),
	{
		kind: 'create',
		path: '/v1/purchase-orders',
		invalidates: ['/v1/purchase-orders'],
		create(ctx, input) {
			const db = dbOf(ctx);
			const body = bodyObject(input);
			const vendor = visibleVendor(db, requiredId(body, 'vendorId'));
			const lines = requiredObjectList(body, 'lineItems').map((line, index) => orderLine(db, line, index));
			const shipToPropertyId = optionalId(body, 'shipToPropertyId');
			if (shipToPropertyId) visibleProperty(db, shipToPropertyId, 'shipToPropertyId');
			const workOrderIds = optionalIdList(body, 'workOrderIds');
			workOrderIds.forEach((id, index) => {
				if (!db.workOrders.some((w) => w.upstreamId === id)) throw new HttpError(400, `workOrderIds[${index}] ${id} is not a work order of the account`, `workOrderIds[${index}]`);
			});
			const number = optionalString(body, 'number');
			if (number !== null && isNumberTaken(db, number)) throw new HttpError(400, `number ${number} is already used by another purchase order`, 'number');
			return storePurchaseOrder(db, {
				vendorId: vendor.row.upstreamId,
				lines,
				number,
				shipToPropertyId,
				workOrderIds,
				requiredBy: optionalDate(body, 'requiredBy'),
				invoiceNumber: optionalString(body, 'invoiceNumber'),
				instructions: optionalString(body, 'instructions'),
				createdAt: ctx.now(),
				approvalStatus: 'Pending Approval',
				completed: false,
				canceled: false,
				createdByName: db.me.name,
			});
		},
	},
];
