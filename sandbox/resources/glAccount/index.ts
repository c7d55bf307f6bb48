import type { SandboxResource } from '../../types';
import { glAccountEndpoints } from './endpoints';
import { glAccount } from './schema';

export const glAccountResource: SandboxResource = {
	endpoints: glAccountEndpoints,
	itemSchemas: {
		'GET /v1/gl-accounts': glAccount,
	},
};
