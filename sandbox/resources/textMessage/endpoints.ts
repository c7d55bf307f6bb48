import { readEndpoint } from '../../shared/define';
import { formatPhone } from '../../shared/format';
import { dbOf, single } from '../../shared/params';
import { type EndpointDef, HttpError } from '../../types';

/** 10 digits, optionally after +1 or 1, with spaces, dots, dashes or parentheses → (XXX) XXX-XXXX */
export function normalizeUsPhone(text: string): string | undefined {
	if (!/^[\d\s.()+-]+$/.test(text)) return undefined;
	const match = /^\+?1?(\d{10})$/.exec(text.replace(/[\s.()-]/g, ''));
	return match ? formatPhone(match[1]) : undefined;
}

export const textMessageEndpoints: EndpointDef[] = [
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
