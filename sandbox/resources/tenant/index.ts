import type { SandboxResource } from '../../types';
import { tenantEndpoints } from './endpoints';
import { tenant } from './schema';

export const tenantResource: SandboxResource = {
	endpoints: tenantEndpoints,
	itemSchemas: {
		'GET /v1/tenants': tenant,
	},
};
