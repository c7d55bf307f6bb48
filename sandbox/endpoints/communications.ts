import { formatPhone } from '../data/format';
import type { EndpointDef, QueryParams, SandboxContext } from '../types';
import { HttpError } from '../types';
import { readEndpoint } from './define';
import { dbOf, findVisibleProperty, single } from './params';
import { fileView, visibleOccupancy } from './tenants';

/** exactly one of two parameters, else 400 naming the one at fault */
function exactlyOne(query: QueryParams, first: string, second: string): { field: string; value: string } {
	const a = single(query, first);
	const b = single(query, second);
	if (a !== undefined && b !== undefined) throw new HttpError(400, `give either ${first} or ${second}, not both`, second);
	if (a === undefined && b === undefined) throw new HttpError(400, `${first} or ${second} is required`, first);
	return a !== undefined ? { field: first, value: a } : { field: second, value: b! };
}

/** 10 digits, optionally after +1 or 1, with spaces, dots, dashes or parentheses → (XXX) XXX-XXXX */
export function normalizeUsPhone(text: string): string | undefined {
	if (!/^[\d\s.()+-]+$/.test(text)) return undefined;
	const match = /^\+?1?(\d{10})$/.exec(text.replace(/[\s.()-]/g, ''));
	return match ? formatPhone(match[1]) : undefined;
}

function visibleWorkOrder(ctx: SandboxContext, id: string) {
	const db = dbOf(ctx);
	const order = db.workOrders.find((w) => w.upstreamId === id);
	if (!order || !findVisibleProperty(db, order.property.upstreamId)) throw new HttpError(400, `workOrderId ${id} is not a work order of the account`, 'workOrderId');
	return order;
}

export const communicationEndpoints: EndpointDef[] = [
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
	readEndpoint(
		'/v1/emails',
		(ctx, query) => {
			const chosen = exactlyOne(query, 'guestCardId', 'occupancyId');
			if (chosen.field === 'occupancyId') visibleOccupancy(dbOf(ctx), chosen.value);
			else if (!dbOf(ctx).guestCards.some((c) => c.guestCardId === chosen.value)) throw new HttpError(400, `guestCardId ${chosen.value} is not a guest card of the account`, 'guestCardId');
			return chosen;
		},
		(ctx, chosen) =>
			dbOf(ctx)
				.emails.filter((e) => (chosen.field === 'occupancyId' ? e.occupancyId : e.guestCardId) === chosen.value)
				.map((e) => e.summary),
	),
	readEndpoint(
		'/v1/email',
		(ctx, query) => {
			const id = single(query, 'emailId');
			if (id === undefined) throw new HttpError(400, 'emailId is required', 'emailId');
			const email = dbOf(ctx).emails.find((e) => e.email.upstreamId === id);
			if (!email) throw new HttpError(404, `email ${id} not found`);
			return email;
		},
		(_ctx, email) => [email.email],
		{ single: true },
	),
	readEndpoint(
		'/v1/sms',
		(_ctx, query) => {
			const raw = single(query, 'toNumber');
			if (raw === undefined) throw new HttpError(400, 'toNumber is required', 'toNumber');
			const normalized = normalizeUsPhone(raw);
			if (!normalized) throw new HttpError(400, `toNumber ${raw} is not a valid US phone number`, 'toNumber');
			return normalized;
		},
		(ctx, number) =>
			dbOf(ctx)
				.sms.filter((m) => m.remotePartyNumber === number)
				.sort((a, b) => a.sentOrReceivedAt.localeCompare(b.sentOrReceivedAt)),
	),
];
