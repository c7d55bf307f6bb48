import type { EndpointDef } from '../types';

export interface RouteMatch {
	endpoint: EndpointDef;
	params: Record<string, string>;
}

interface CompiledRoute {
	endpoint: EndpointDef;
	method: 'GET' | 'POST';
	pattern: RegExp;
	paramNames: string[];
}

export type RouteResult = { match: RouteMatch } | { error: 404 | 405 };

export class Router {
	private readonly routes: CompiledRoute[];

	constructor(endpoints: EndpointDef[]) {
		this.routes = endpoints.map((endpoint) => compile(endpoint));
	}

	resolve(method: string, path: string): RouteResult {
		let pathKnown = false;
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			pathKnown = true;
			if (route.method !== method) continue;
			const params: Record<string, string> = {};
			route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1])));
			return { match: { endpoint: route.endpoint, params } };
		}
		return { error: pathKnown ? 405 : 404 };
	}
}

function compile(endpoint: EndpointDef): CompiledRoute {
	const paramNames: string[] = [];
	const source = endpoint.path
		.split('/')
		.map((segment) => {
			if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			paramNames.push(segment.slice(1));
			return '([^/]+)';
		})
		.join('/');
	return {
		endpoint,
		method: endpoint.kind === 'create' ? 'POST' : 'GET',
		pattern: new RegExp(`^${source}/?$`),
		paramNames,
	};
}
