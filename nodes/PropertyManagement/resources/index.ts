import type { ResourceDefinition } from '../../shared/descriptions/resourceDefinition';
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
 * Every resource of the node, in the order the Resource dropdown lists them (by name). The node's
 * Resource options and fields, and the tests' counts, come from this list.
 */
export const RESOURCES: ResourceDefinition[] = [
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
