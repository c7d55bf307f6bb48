import type { SandboxResource } from '../../types';
import { rentalApplicationEndpoints } from './endpoints';
import { rentalApplication } from './schema';

export const rentalApplicationResource: SandboxResource = {
	endpoints: rentalApplicationEndpoints,
	itemSchemas: {
		'GET /v1/rental-applications': rentalApplication,
	},
};
