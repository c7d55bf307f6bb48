import type { SandboxResource } from '../../types';
import { leadSourceEndpoints } from './endpoints';
import { leadSourceTracking } from './schema';

export const leadSourceResource: SandboxResource = {
	endpoints: leadSourceEndpoints,
	itemSchemas: {
		'GET /v1/lead-source-tracking': leadSourceTracking,
	},
};
