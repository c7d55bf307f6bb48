import type { BillDetail } from '../resources/bill/schema';
import type { Email, EmailSummary } from '../resources/email/schema';
import type { GLAccount } from '../resources/glAccount/schema';
import type { GuestCard } from '../resources/guestCard/schema';
import type { Owner } from '../resources/owner/schema';
import type { Property } from '../resources/property/schema';
import type { PropertyGroup } from '../resources/propertyGroup/schema';
import type { PurchaseOrderDetail } from '../resources/purchaseOrder/schema';
import type { RentalApplication } from '../resources/rentalApplication/schema';
import type { Tenant } from '../resources/tenant/schema';
import type { TenantEvent } from '../resources/tenantEvent/schema';
import type { TenantCharge } from '../resources/tenantLedger/schema';
import type { TextMessage } from '../resources/textMessage/schema';
import type { Unit, UnitPhoto } from '../resources/unit/schema';
import type { CurrentUser, User, UserRole } from '../resources/user/schema';
import type { CreatedVendor, Vendor } from '../resources/vendor/schema';
import type { WorkOrder } from '../resources/workOrder/schema';
import type { Random } from '../shared/random';
import type { Volume } from '../shared/scale';

/**
 * The in-memory upstream database. Most records keep the API item as `row` next to the links the
 * filters need, so endpoints return rows untouched and only derived fields are computed on read.
 */
export interface Db {
	random: Random;
	/** portfolio size (scale.ts) */
	volume: Volume;
	createdAt: Date;
	nextId: Record<string, number>;
	properties: PropertyRecord[];
	units: UnitRecord[];
	owners: OwnerRecord[];
	propertyGroups: PropertyGroupRecord[];
	occupancies: Occupancy[];
	tenants: TenantRecord[];
	tenantEvents: TenantEvent[];
	ledger: LedgerEntry[];
	tenantCharges: TenantCharge[];
	journal: JournalEntry[];
	budgets: Map<string, number>;
	glAccounts: GLAccount[];
	bankActivity: BankActivityEntry[];
	vendors: VendorRecord[];
	bills: BillRecord[];
	purchaseOrders: PurchaseOrderDetail[];
	workOrders: WorkOrder[];
	guestCards: GuestCard[];
	rentalApplications: RentalApplicationRecord[];
	files: Map<string, StoredFile>;
	attachments: AttachmentRecord[];
	letters: DocumentRecord[];
	leaseDocuments: DocumentRecord[];
	unitPhotos: UnitPhotoRecord[];
	emails: EmailRecord[];
	sms: TextMessage[];
	users: User[];
	me: CurrentUser;
	userRoles: UserRole[];
	/** records of the resources that seed their own (SandboxResource.records), by name */
	seeded: Map<string, object[]>;
}

/** The records a resource seeded from its folder (SandboxResource.records); `[]` before any. */
export function recordsOf<T extends object>(db: Db, name: string): T[] {
	let records = db.seeded.get(name);
	if (!records) {
		records = [];
		db.seeded.set(name, records);
	}
	return records as T[];
}

export interface PropertyRecord {
	row: Omit<Property, 'propertyGroupUpstreamIds'>;
	uuid: string;
	portfolioId: number;
	/** flagged invisible to the connected user: every endpoint treats it as unknown */
	invisible: boolean;
	/** inactive in the account (owners' `propertyVisibility`) */
	hidden: boolean;
	ownerIds: string[];
}

export interface UnitRecord {
	row: Unit;
	amenities: string[];
	photoCount: number;
}

export interface OwnerRecord {
	row: Owner;
	hidden: boolean;
}

export interface PropertyGroupRecord {
	row: PropertyGroup;
	propertyIds: string[];
}

export type TenantStatusKey = 'current' | 'past' | 'future' | 'evict' | 'notice';

export interface Occupancy {
	id: string;
	unitId: string;
	propertyId: string;
	tenantIds: string[];
	status: TenantStatusKey;
	moveIn: Date;
	moveOut: Date | null;
	noticeDate: Date | null;
	leaseFrom: Date;
	leaseTo: Date;
	leaseSignDate: Date;
	/** the lease before the current one, for lease history and rent increases */
	previousLease: { from: Date; to: Date; rent: number } | null;
	rent: number;
	deposit: number;
	rentalApplicationId: number | null;
}

export interface TenantRecord {
	row: Tenant;
	statusKey: TenantStatusKey;
	hidden: boolean;
	occupancyId: string;
	propertyId: string;
}

export interface LedgerEntry {
	occupancyId: string;
	transactionId: number;
	type: 'Charge' | 'Payment' | 'Credit';
	date: Date;
	createdAt: Date;
	/** positive: charge (debit); negative: payment or credit */
	cents: number;
	description: string;
	payer: string | null;
	glAccountId: string;
}

/** one posting to an income/expense account, the source of every financial report */
export interface JournalEntry {
	date: Date;
	glAccountId: string;
	propertyId: string;
	cents: number;
	/** cash basis only counts settled postings */
	settled: boolean;
}

export interface BankActivityEntry {
	bankAccountId: string;
	transactionId: number;
	transactionType: string;
	date: Date;
	cents: number;
	description: string;
	reference: string | null;
	payeeName: string | null;
	reconciled: boolean;
}

export interface VendorRecord {
	row: Vendor;
	invisible: boolean;
	/** set for vendors made through POST /v1/vendors */
	created: CreatedVendor | null;
}

export interface BillRecord {
	detail: BillDetail;
	propertyIds: string[];
	glAccountIds: string[];
}

export interface RentalApplicationRecord {
	row: RentalApplication;
	receivedOn: Date;
}

export interface StoredFile {
	id: string;
	fileName: string;
	contentType: 'application/pdf' | 'image/png';
	/** text drawn into the document so that every file's bytes differ */
	caption: string;
	size: number;
}

export interface AttachmentRecord {
	upstreamId: string;
	occupancyId: string | null;
	workOrderId: string | null;
	createdAt: Date;
	folderName: string;
	userName: string;
	sharedWith: Array<'Tenant' | 'Owner'>;
	fileId: string;
}

export interface DocumentRecord {
	upstreamId: string;
	occupancyId: string;
	name: string;
	category: string;
	status: string;
	leaseFrom: Date | null;
	leaseTo: Date | null;
	createdAt: Date;
	fileId: string;
}

export interface UnitPhotoRecord {
	row: UnitPhoto;
	unitId: string;
	propertyId: string;
}

export interface EmailRecord {
	summary: EmailSummary;
	email: Email;
	guestCardId: string | null;
	occupancyId: string | null;
}

export function nextId(db: Db, sequence: string, start: number): number {
	const id = db.nextId[sequence] ?? start;
	db.nextId[sequence] = id + 1;
	return id;
}
