import type { SandboxResource } from '../../types';
import { createTenantCharge } from './charge';
import { tenantLedgerEndpoints } from './endpoints';
import { tenantCharge, tenantLedger } from './schema';

export const tenantLedgerResource: SandboxResource = {
	endpoints: [...tenantLedgerEndpoints, createTenantCharge],
	itemSchemas: {
		'GET /v1/tenant-ledger': tenantLedger,
		'POST /v1/tenant-charge': tenantCharge,
	},
};
