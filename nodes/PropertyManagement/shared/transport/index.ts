export { apiRequest, apiRequestWithDetails, MAX_SNAPSHOT_RESTARTS } from './apiRequest';
export { enginePagination, validatingPreSend } from './pagination';
export { scrubKey } from './errors';
export * from './types';
