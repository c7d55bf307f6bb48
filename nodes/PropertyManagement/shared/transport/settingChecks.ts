import { MIN_API_KEY_LENGTH, operationError, type ErrorPlace } from './errors';
import type { EngineOptions } from './types';

/** What must hold before anything is sent; each failure names the setting as the user sees it. */
export function checkSettings(place: ErrorPlace, apiKey: string, baseUrl: string, options: EngineOptions): void {
	if (!/^https?:\/\//i.test(baseUrl)) {
		throw operationError(place, 'The Base URL of the Property Management API credential is not an http(s) address');
	}
	if (apiKey.trim().length < MIN_API_KEY_LENGTH) {
		throw operationError(
			place,
			apiKey.trim() === ''
				? 'The API Key of the Property Management API credential is empty'
				: `The API Key of the Property Management API credential is too short to be a key (${apiKey.length} character${apiKey.length === 1 ? '' : 's'})`,
			'Nothing was sent. Paste the whole key into the credential.',
		);
	}
	if ((options.freshness ?? 'wait') === 'notify' && !/^https?:\/\/\S+$/i.test(String(options.notifyUrl ?? '').trim())) {
		throw operationError(
			place,
			'Options → Notify URL must be an http(s) address when Data Freshness is "Wait for Notification"',
			'Nothing was sent: without it the service could not call back, and the workflow would never resume. Use {{ $execution.resumeUrl }} with a Wait node, or choose another Data Freshness.',
		);
	}
}
