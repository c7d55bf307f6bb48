/**
 * Parameter sets shared by the resources, one file per kind: operation selectors and list/report
 * parameter sets (operations.ts), the engine's Options (engineOptions.ts), filters (filters.ts),
 * record pickers (locators.ts) and date ranges (dateRanges.ts). This folder is the one home of what
 * the editor shows; the files that build on this index are imported from their own file, so the
 * index imports none of them back: the create fields (fields.ts), the bill and guest-card filters both
 * nodes offer (recordFilters.ts), the lease history's month ranges (monthRanges.ts), `defineResource`
 * (resourceDefinition.ts). Simplify (simplify.ts, its values in readyValues.ts) is reached through
 * operations.ts.
 */
export * from './operations';
export * from './engineOptions';
export * from './filters';
export * from './locators';
export * from './dateRanges';
