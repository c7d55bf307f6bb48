import { readEndpoint } from '../../shared/define';
import { fileView, visibleOccupancy } from '../../shared/lookups';
import { dbOf, exactlyOne, findVisibleProperty, single } from '../../shared/params';
import { type EndpointDef, HttpError, type SandboxContext } from '../../types';

function visibleWorkOrder(ctx: SandboxContext, id: string) {
	const db = dbOf(ctx);
	const order = db.workOrders.find((w) => w.upstreamId === id);
	if (!order || !findVisibleProperty(db, order.property.upstreamId)) throw new HttpError(400, `workOrderId ${id} is not a work order of the account`, 'workOrderId');
	return order;
}

export const attachmentEndpoints: EndpointDef[] = [
	readEndpoint(
		'/v1/attachments',
		(ctx, query) => {
			const chosen = exactlyOne(query, 'occupancyId', 'workOrderId');
			if (chosen.field === 'occupancyId') visibleOccupancy(dbOf(ctx), chosen.value);
			else visibleWorkOrder(ctx, chosen.value);
			return chosen;
		},
		(ctx, chosen) =>
			dbOf(ctx)
				.attachments.filter((a) => (chosen.field === 'occupancyId' ? a.occupancyId : a.workOrderId) === chosen.value)
				.map((a) => ({
					upstreamId: a.upstreamId,
					createdAt: a.createdAt.toISOString(),
					folderName: a.folderName,
					userName: a.userName,
					sharedWith: a.sharedWith,
					file: fileView(ctx, a.fileId),
				})),
	),
	readEndpoint(
		'/v1/file',
		(ctx, query) => {
			const id = single(query, 'id');
			if (id === undefined) throw new HttpError(400, 'id is required', 'id');
			const db = dbOf(ctx);
			const fileId = db.attachments.find((a) => a.upstreamId === id)?.fileId ?? id;
			if (!db.files.has(fileId)) throw new HttpError(404, `file ${id} not found`);
			return fileId;
		},
		(ctx, fileId) => [fileView(ctx, fileId)],
		{ single: true },
	),
];
