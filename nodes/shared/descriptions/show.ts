import type { IDisplayOptions } from 'n8n-workflow';

/**
 * The `show` condition of the operation(s) a parameter belongs to, which every description builder
 * takes. In a module of its own that imports nothing of the package, so the builders that use it
 * import no circle (operations.ts builds on filters.ts, engineOptions.ts and simplify.ts, which all
 * need this type).
 */
export type Show = NonNullable<IDisplayOptions['show']>;
