export { apiRequest, apiRequestWithDetails, MAX_SNAPSHOT_RESTARTS } from './reading/read';
export { enginePagination } from './hook/routingHook';
export { createRecord } from './writing/write';
export { validatingPreSend } from './hook/preSendErrors';
export { scrubKey } from './errors';
export * from './types';
