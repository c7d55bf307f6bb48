import type { z } from 'zod';
import type { EndpointDef, SandboxResource } from '../types';
import { attachmentResource } from './attachment';
import { bankAccountResource } from './bankAccount';
import { billResource } from './bill';
import { emailResource } from './email';
import { glAccountResource } from './glAccount';
import { guestCardResource } from './guestCard';
import { leadSourceResource } from './leadSource';
import { leaseResource } from './lease';
import { letterResource } from './letter';
import { ownerResource } from './owner';
import { propertyResource } from './property';
import { propertyGroupResource } from './propertyGroup';
import { purchaseOrderResource } from './purchaseOrder';
import { rentalApplicationResource } from './rentalApplication';
import { reportResource } from './report';
import { tenantResource } from './tenant';
import { tenantEventResource } from './tenantEvent';
import { tenantLedgerResource } from './tenantLedger';
import { textMessageResource } from './textMessage';
import { unitResource } from './unit';
import { userResource } from './user';
import { vendorResource } from './vendor';
import { workOrderResource } from './workOrder';

/**
 * Every resource of the sandbox, named as the node's (nodes/PropertyManagement/resources/): a new
 * one is its folder plus its line here. The server and the conformance tests read these two
 * lists. The portfolio is seeded in db/index.ts, whose order is the random stream's; a resource
 * seeds records of its own through its `records` (bankAccount/index.ts), read with `recordsOf`.
 */
export const resources: SandboxResource[] = [
	attachmentResource,
	bankAccountResource,
	billResource,
	emailResource,
	glAccountResource,
	guestCardResource,
	leadSourceResource,
	leaseResource,
	letterResource,
	ownerResource,
	propertyResource,
	propertyGroupResource,
	purchaseOrderResource,
	rentalApplicationResource,
	reportResource,
	tenantResource,
	tenantEventResource,
	tenantLedgerResource,
	textMessageResource,
	unitResource,
	userResource,
	vendorResource,
	workOrderResource,
];

export const endpoints: EndpointDef[] = resources.flatMap((resource) => resource.endpoints);

/** item schema of every endpoint's `data`, keyed by method and path pattern */
export const itemSchemas: Record<string, z.ZodType> = Object.assign({}, ...resources.map((resource) => resource.itemSchemas));
