import type { SandboxResource } from '../../types';
import { ownerEndpoints } from './endpoints';
import { owner } from './schema';

export const ownerResource: SandboxResource = {
	endpoints: ownerEndpoints,
	itemSchemas: {
		'GET /v1/owners': owner,
	},
};
