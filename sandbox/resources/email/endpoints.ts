import { readEndpoint } from '../../shared/define';
import { visibleOccupancy } from '../../shared/lookups';
import { dbOf, exactlyOne, single } from '../../shared/params';
import { type EndpointDef, HttpError } from '../../types';

export const emailEndpoints: EndpointDef[] = [
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
];
