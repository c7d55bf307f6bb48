import type { SandboxResource } from '../../types';
import { billEndpoints } from './endpoints';
import { billDetail, billListRow } from './schema';

export const billResource: SandboxResource = {
	endpoints: billEndpoints,
	itemSchemas: {
		'GET /v1/bills': billListRow,
		'GET /v1/bills/:upstreamId': billDetail,
		'POST /v1/bills': billDetail,
	},
};
