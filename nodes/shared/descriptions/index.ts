/**
 * Parameter sets shared by the resources, one file per kind: operation selectors and list/report
 * parameter sets (operations.ts), the engine's Options (engineOptions.ts), filters (filters.ts),
 * record pickers (locators.ts) and date ranges (dateRanges.ts). The bill and guest-card filters both
 * nodes offer (recordFilters.ts) are imported from their file: they build on fields.ts, which imports this index.
 */
export * from './operations';
export * from './engineOptions';
export * from './filters';
export * from './locators';
export * from './dateRanges';
