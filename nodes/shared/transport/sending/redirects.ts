import { apiError, type ErrorPlace } from '../errors';

export function isRedirect(status: number): boolean {
	return status >= 300 && status < 400;
}

/** Only the origin: a Location's path or query may carry tokens of the other host. */
function originOf(location: unknown, requestUrl: string): string | undefined {
	if (typeof location !== 'string' || location.trim() === '') return undefined;
	try {
		return new URL(location.trim(), requestUrl).origin;
	} catch {
		return undefined;
	}
}

/**
 * Redirects are never followed: n8n's HTTP client strips Authorization on a redirect to another host
 * but not X-API-Key, so following one hands the key to whoever the Location names. A same-origin
 * redirect is refused too: the service documents none, and the Base URL is the user's to change.
 */
export function redirectError(place: ErrorPlace, status: number, location: unknown, requestUrl: string, baseUrl: string) {
	const target = originOf(location, requestUrl);
	const sameOrigin = target !== undefined && target === new URL(`${baseUrl}/`).origin;
	const where = target === undefined ? 'without a valid Location' : `to ${target}${sameOrigin ? ' (the Base URL\'s own host)' : ''}`;
	return apiError(
		place,
		`The service answered ${place.path} with a redirect (HTTP ${status}) ${where}; not followed`,
		sameOrigin
			? 'Redirects are not followed, so the API key goes only where the Base URL points. If the service moved, change the Base URL of the credential.'
			: "Redirects are not followed: the API key is only sent to the credential's Base URL. If the service moved, change the Base URL of the credential.",
		String(status),
	);
}
