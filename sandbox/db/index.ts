import { generateDeposits } from '../resources/bankAccount/data';
import { generateBills } from '../resources/bill/data';
import { generateCommunications } from '../resources/email/data';
import { generateGlAccounts } from '../resources/glAccount/data';
import { buildGuestCard, generateGuestCards } from '../resources/guestCard/data';
import { generateDocuments } from '../resources/lease/data';
import { generateOwners } from '../resources/owner/data';
import { generateProperties } from '../resources/property/data';
import { generatePropertyGroups } from '../resources/propertyGroup/data';
import { generatePurchaseOrders } from '../resources/purchaseOrder/data';
import { generateRentalApplications } from '../resources/rentalApplication/data';
import { generateBudgets, generateOperatingCosts } from '../resources/report/data';
import { generateOccupancies } from '../resources/tenant/data';
import { generateTenantEvents } from '../resources/tenantEvent/data';
import { generateLedger } from '../resources/tenantLedger/data';
import { generateUsers } from '../resources/user/data';
import { generateVendors } from '../resources/vendor/data';
import { resources } from '../resources';
import { generateWorkOrders } from '../resources/workOrder/data';
import { fileBytes } from '../shared/files';
import { Random } from '../shared/random';
import { volumeFor } from '../shared/scale';
import type { DataModule, InjectKind } from '../types';
import { type Db, recordsOf } from './db';
import { editTenantEvent, injectRecord } from './inject';
import { updateRecord } from './update';
import { readRecords } from './records';

/**
 * The generators run in this order because they draw from one random stream (a record's values depend
 * on every draw before it). A new resource seeds its records from its own folder instead
 * (SandboxResource.records, on a stream of its own), after all of these.
 */
export function createDb(seed: number, now: Date, units?: number): Db {
	const random = new Random(seed);
	const volume = volumeFor(units);
	const { users, me, userRoles } = generateUsers(random, now);
	const db: Db = {
		random,
		volume,
		createdAt: now,
		nextId: {},
		properties: [],
		units: [],
		owners: [],
		propertyGroups: [],
		occupancies: [],
		tenants: [],
		tenantEvents: [],
		ledger: [],
		tenantCharges: [],
		journal: [],
		budgets: new Map(),
		glAccounts: generateGlAccounts(),
		bankActivity: [],
		vendors: [],
		bills: [],
		purchaseOrders: [],
		workOrders: [],
		guestCards: [],
		rentalApplications: [],
		files: new Map(),
		attachments: [],
		letters: [],
		leaseDocuments: [],
		unitPhotos: [],
		emails: [],
		sms: [],
		users,
		me,
		userRoles,
		seeded: new Map(),
	};
	generateProperties(db, random, now);
	generateOwners(db, random, now);
	generatePropertyGroups(db, random);
	generateOccupancies(db, random, now);
	generateTenantEvents(db, random);
	generateLedger(db, random, now);
	generateVendors(db, random, now);
	generatePurchaseOrders(db, random, now);
	generateBills(db, random, now);
	generateWorkOrders(db, random, now);
	generateOperatingCosts(db, random, now);
	generateGuestCards(db, random, now);
	linkConvertedGuestCards(db, random, now);
	generateRentalApplications(db, random, now);
	generateDocuments(db, random);
	generateCommunications(db, random, now);
	generateDeposits(db, now);
	generateBudgets(db, random, now);
	for (const { records } of resources) {
		if (records) recordsOf(db, records.name).push(...records.generate(db, new Random(seed ^ records.salt), now));
	}
	return db;
}

/** tenants about to move in came in through a guest card */
function linkConvertedGuestCards(db: Db, random: Random, now: Date): void {
	const incoming = db.occupancies.filter((o) => o.status === 'future').slice(0, 20);
	for (const occupancy of incoming) {
		const tenant = db.tenants.find((t) => t.occupancyId === occupancy.id)!;
		const unit = db.units.find((u) => u.row.upstreamId === occupancy.unitId)!;
		const card = buildGuestCard(db, random, now, {
			propertyId: occupancy.propertyId,
			name: tenant.row.name,
			emailAddress: tenant.row.emailAddresses[0],
			phoneNumber: tenant.row.phoneNumbers[0].phone,
			status: 'application_completed',
			tenantID: tenant.row.upstreamId,
			unit: unit.row.name,
			unitId: unit.row.upstreamId,
		});
		tenant.row.guestCardUpstreamId = card.guestCardId;
		db.guestCards.push(card);
	}
}

export const dataModule: DataModule = {
	createDb,
	injectRecord: (db, kind: InjectKind, record, now) => injectRecord(db as Db, kind, record, now),
	editTenantEvent: (db, where, set) => editTenantEvent(db as Db, where, set),
	updateRecord: (db, kind, id, set, now) => updateRecord(db as Db, kind, id, set, now),
	readRecords: (db, kind, id) => readRecords(db as Db, kind, id),
	readFile(db, fileId) {
		const file = (db as Db).files.get(fileId);
		if (!file) return undefined;
		return { fileName: file.fileName, contentType: file.contentType, bytes: fileBytes(file) };
	},
};
