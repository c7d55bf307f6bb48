import { HttpError } from '../types';

/**
 * Unknown query parameters and create-body fields refused with a 400 that names them (the spec does
 * not say what the service does with them; the other profiles ignore them). "Known" is what the
 * endpoint's own validation reads: a proxy records every name it asks for, so the rule cannot drift
 * from the endpoints. Nested body fields are named by path (`lineItems[0].colour`).
 */
export class ReadTracker<T extends object> {
	private readonly read = new Set<string>();
	readonly proxy: T;

	constructor(private readonly value: T) {
		this.proxy = this.track(value, '') as T;
	}

	/** the names nobody read, outermost first (a field read is searched no deeper than its own names) */
	unread(): string[] {
		const names: string[] = [];
		const walk = (value: unknown, path: string) => {
			if (value === null || typeof value !== 'object') return;
			for (const [name, entry] of Object.entries(value)) {
				const full = join(path, name, Array.isArray(value));
				if (!this.read.has(full)) names.push(full);
				else walk(entry, full);
			}
		};
		walk(this.value, '');
		return names;
	}

	private track(value: unknown, path: string): unknown {
		if (value === null || typeof value !== 'object') return value;
		return new Proxy(value, {
			get: (target, name, receiver) => {
				const entry = Reflect.get(target, name, receiver) as unknown;
				if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(target, name)) return entry;
				const full = join(path, name, Array.isArray(target));
				this.read.add(full);
				return this.track(entry, full);
			},
		});
	}
}

function join(path: string, name: string, inArray: boolean): string {
	if (inArray) return `${path}[${name}]`;
	return path ? `${path}.${name}` : name;
}

export function refuseUnknown(names: string[], what: 'query parameter' | 'field'): void {
	if (names.length === 0) return;
	const plural = names.length > 1 ? `${what === 'field' ? 'fields' : 'query parameters'}` : what;
	throw new HttpError(400, `Unknown ${plural}: ${names.join(', ')}`, names[0], 'unknown_parameter');
}
