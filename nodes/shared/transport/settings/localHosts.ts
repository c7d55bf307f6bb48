/**
 * Loopback, private (RFC 1918, unique-local, carrier-grade NAT), link-local (cloud metadata at
 * 169.254.169.254) and unspecified addresses, and the names that always mean this machine. Literal
 * addresses only (the URL parser already turned 2130706433 or 0x7f.1 into 127.0.0.1): a public name
 * that resolves to such an address is not caught here.
 */
export function isLocalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return true;
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
	const v4 = mapped
		? [parseInt(mapped[1], 16) >> 8, parseInt(mapped[1], 16) & 255, parseInt(mapped[2], 16) >> 8, parseInt(mapped[2], 16) & 255]
		: /^\d+\.\d+\.\d+\.\d+$/.test(host.replace(/^::ffff:/, ''))
			? host.replace(/^::ffff:/, '').split('.').map(Number)
			: undefined;
	if (v4) {
		const [a, b] = v4;
		return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
	}
	if (!host.includes(':')) return false;
	return host === '::' || host === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
}

/** A service on such an address (a stand-in of the service on this machine) can reach and be reached by local hosts. */
export function isLocalBaseUrl(baseUrl: string): boolean {
	if (!/^https?:\/\//i.test(baseUrl)) return false;
	try {
		return isLocalHost(new URL(baseUrl).hostname);
	} catch {
		return false; // not a URL: checkSettings refuses it with its own message
	}
}

/** Why a URL is not a public HTTPS address; undefined when it is one, or when `localBase` allows http(s) anywhere. */
export type UrlProblem = { kind: 'invalid' } | { kind: 'notHttps'; protocol: string } | { kind: 'localHost'; host: string };

export function publicHttpsProblem(url: string, localBase: boolean): UrlProblem | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return { kind: 'invalid' };
	}
	if (localBase && /^https?:$/.test(parsed.protocol)) return undefined;
	if (parsed.protocol !== 'https:') return { kind: 'notHttps', protocol: parsed.protocol.replace(':', '') };
	if (isLocalHost(parsed.hostname)) return { kind: 'localHost', host: parsed.hostname };
	return undefined;
}

/** What a caller says of a URL it refuses: not HTTPS, or a local host (an invalid URL reads the same for all). */
export interface UrlRefusalWords {
	notHttps(protocol: string): string;
	localHost(host: string): string;
}

/** Why `url` is refused, in the caller's words; undefined when it may be used. */
export function urlRefusal(url: string, localBase: boolean, words: UrlRefusalWords): string | undefined {
	const problem = publicHttpsProblem(url, localBase);
	if (problem === undefined) return undefined;
	if (problem.kind === 'invalid') return 'it is not a valid URL';
	return problem.kind === 'notHttps' ? words.notHttps(problem.protocol) : words.localHost(problem.host);
}
