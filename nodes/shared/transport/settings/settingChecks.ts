import { MIN_API_KEY_LENGTH, operationError, type ErrorPlace } from '../errors';
import { isLocalBaseUrl, urlRefusal } from './localHosts';
import type { EngineOptions } from '../types';
import { freshnessOf } from './settings';

/**
 * The service's webhook docs: the notify URL must be HTTPS on a public address, not behind a firewall
 * or authentication. n8n builds $execution.resumeUrl from WEBHOOK_URL, which on a self-hosted n8n
 * without it is http://localhost:5678/..., a URL the service can never call: the workflow would wait
 * forever. A service on a local address itself (a stand-in on this machine) can call local hosts.
 */
function notifyUrlProblem(notifyUrl: string, baseUrl: string): string | undefined {
	return urlRefusal(notifyUrl, isLocalBaseUrl(baseUrl), {
		notHttps: (protocol) => `it is not HTTPS (${protocol}); the service calls HTTPS addresses only`,
		localHost: (host) => `${host} is a loopback or private-network address the service cannot reach`,
	});
}

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
	if (freshnessOf(options) === 'notify' && !/^https?:\/\/\S+$/i.test(String(options.notifyUrl ?? '').trim())) {
		throw operationError(
			place,
			'Options → Notify URL must be an http(s) address when Data Freshness is "Wait for Notification"',
			'Nothing was sent: without it the service could not call back, and the workflow would never resume. Use {{ $execution.resumeUrl }} with a Wait node, or choose another Data Freshness.',
		);
	}
	if (freshnessOf(options) === 'notify' && !options.allowLocalNotifyUrl) {
		const notifyUrl = String(options.notifyUrl).trim();
		const problem = notifyUrlProblem(notifyUrl, baseUrl);
		if (problem) {
			throw operationError(
				place,
				`Options → Notify URL cannot be called by the service: ${problem}`,
				`Nothing was sent. The URL was ${notifyUrl}. n8n builds {{ $execution.resumeUrl }} from its WEBHOOK_URL setting: set WEBHOOK_URL to the public HTTPS address of this n8n (e.g. https://n8n.example.com/) and restart n8n. For a test through a tunnel you trust, turn on Options → Allow Local or HTTP Notify URL.`,
			);
		}
	}
}
