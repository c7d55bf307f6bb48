import type { QueryParams, ReadEndpoint, SandboxContext } from '../types';
import { presentRows } from './documentedFormat';

/**
 * A read endpoint whose query is parsed once per call: `validate` runs the parser alone so bad
 * parameters fail at request time, `list` parses again when the refresh job runs.
 */
export function readEndpoint<F>(
	path: string,
	parse: (ctx: SandboxContext, query: QueryParams, params: Record<string, string>) => F,
	rows: (ctx: SandboxContext, filters: F) => object[],
	options: { single?: boolean } = {},
): ReadEndpoint {
	return {
		kind: 'read',
		path,
		single: options.single,
		validate: (ctx, query, params) => void parse(ctx, query, params),
		list: (ctx, query, params) => presentRows(ctx, path, rows(ctx, parse(ctx, query, params))),
	};
}

export const noFilters = () => ({});
