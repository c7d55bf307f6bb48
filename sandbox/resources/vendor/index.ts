import type { SandboxResource } from '../../types';
import { vendorEndpoints } from './endpoints';
import { createdVendor, vendor } from './schema';

export const vendorResource: SandboxResource = {
	endpoints: vendorEndpoints,
	itemSchemas: {
		'GET /v1/vendors': vendor,
		'POST /v1/vendors': createdVendor,
	},
};
