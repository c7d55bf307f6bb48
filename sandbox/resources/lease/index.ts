import type { SandboxResource } from '../../types';
import { leaseEndpoints } from './endpoints';
import { leaseDocument, leaseHistory } from './schema';

export const leaseResource: SandboxResource = {
	endpoints: leaseEndpoints,
	itemSchemas: {
		'GET /v1/lease-history': leaseHistory,
		'GET /v1/lease-documents': leaseDocument,
	},
};
