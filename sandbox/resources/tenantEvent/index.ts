import type { SandboxResource } from '../../types';
import { tenantEventEndpoints } from './endpoints';
import { tenantEvent } from './schema';

export const tenantEventResource: SandboxResource = {
	endpoints: tenantEventEndpoints,
	itemSchemas: {
		'GET /v1/tenant-events': tenantEvent,
	},
};
