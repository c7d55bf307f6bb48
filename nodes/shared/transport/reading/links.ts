export class OffOriginLinkError extends Error {
	constructor(public readonly linkHost: string) {
		super(`The service's next-page link points to another host (${linkHost})`);
	}
}

export class PageCycleError extends Error {
	constructor() {
		super('The service returned a next-page link that was already followed');
	}
}

/**
 * Resolves a links.next value (relative or absolute) against the credential's base URL. A link to
 * another origin is refused: following it would hand the API key to a host the user never chose.
 */
export function resolveNextLink(baseUrl: string, currentUrl: string, link: string): string {
	const base = new URL(`${baseUrl}/`);
	let resolved: URL;
	if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) {
		resolved = new URL(link, base);
	} else if (link.startsWith('/')) {
		const basePath = base.pathname.replace(/\/+$/, '');
		const alreadyPrefixed = basePath !== '' && link.startsWith(`${basePath}/`);
		resolved = new URL(`${base.origin}${alreadyPrefixed ? '' : basePath}${link}`);
	} else {
		resolved = new URL(link, currentUrl);
	}
	if (resolved.origin !== base.origin) throw new OffOriginLinkError(resolved.host);
	return resolved.href;
}

const CURSOR_PARAMETERS = ['cursor', 'page[after]'];

/** Remembers every page URL of one pass; a repeat means the service's links form a loop. */
export class PageTrail {
	private readonly seen = new Set<string>();

	visit(url: string): void {
		const parsed = new URL(url);
		const keys = [parsed.href];
		for (const name of CURSOR_PARAMETERS) {
			const cursor = parsed.searchParams.get(name);
			if (cursor !== null) keys.push(`${name}=${cursor}`);
		}
		if (keys.some((key) => this.seen.has(key))) throw new PageCycleError();
		for (const key of keys) this.seen.add(key);
	}
}
