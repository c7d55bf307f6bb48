import type { SandboxResource } from '../../types';
import { purchaseOrderEndpoints } from './endpoints';
import { purchaseOrderDetail, purchaseOrderListRow } from './schema';

export const purchaseOrderResource: SandboxResource = {
	endpoints: purchaseOrderEndpoints,
	itemSchemas: {
		'GET /v1/purchase-orders': purchaseOrderListRow,
		'GET /v1/purchase-orders/:upstreamId': purchaseOrderDetail,
		'POST /v1/purchase-orders': purchaseOrderDetail,
	},
};
