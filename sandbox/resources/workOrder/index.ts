import type { SandboxResource } from '../../types';
import { workOrderEndpoints } from './endpoints';
import { workOrder } from './schema';

export const workOrderResource: SandboxResource = {
	endpoints: workOrderEndpoints,
	itemSchemas: {
		'GET /v1/work-orders': workOrder,
	},
};
