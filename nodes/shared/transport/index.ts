export { apiRequest, apiRequestWithDetails, MAX_SNAPSHOT_RESTARTS } from './apiRequest';
export { enginePagination } from './routingHook';
export { validatingPreSend } from './preSendErrors';
export { scrubKey } from './errors';
export * from './types';
