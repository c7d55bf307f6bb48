import type { EndpointDef } from '../types';
import { accountingEndpoints } from './accounting';
import { billEndpoints } from './bills';
import { communicationEndpoints } from './communications';
import { leasingEndpoints } from './leasing';
import { maintenanceEndpoints } from './maintenance';
import { propertyEndpoints } from './properties';
import { purchaseOrderEndpoints } from './purchaseOrders';
import { rentRollEndpoints } from './rentRoll';
import { reportEndpoints } from './reports';
import { createTenantCharge } from './tenantCharge';
import { tenantEndpoints } from './tenants';
import { userEndpoints } from './users';
import { vendorEndpoints } from './vendors';

export const endpoints: EndpointDef[] = [
	...propertyEndpoints,
	...tenantEndpoints,
	...rentRollEndpoints,
	...leasingEndpoints,
	...accountingEndpoints,
	...reportEndpoints,
	...vendorEndpoints,
	...billEndpoints,
	...purchaseOrderEndpoints,
	...maintenanceEndpoints,
	...communicationEndpoints,
	...userEndpoints,
	createTenantCharge,
];
