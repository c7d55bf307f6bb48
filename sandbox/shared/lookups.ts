import type { Db, Occupancy, PropertyRecord, UnitRecord, VendorRecord } from '../db/db';
import { isPostable } from '../resources/glAccount/data';
import type { GLAccount } from '../resources/glAccount/schema';
import { HttpError, type QueryParams, type SandboxContext } from '../types';
import { fileView as storedFileView } from './files';
import { dbOf, findVisibleProperty, single } from './params';

/** Lookups by id that answer 400 naming the field when the record is unknown or invisible. */
export function visibleVendor(db: Db, id: string, field = 'vendorId'): VendorRecord {
	const vendor = db.vendors.find((v) => v.row.upstreamId === id && !v.invisible);
	if (!vendor) throw new HttpError(400, `${field} ${id} is not a vendor of the account`, field);
	return vendor;
}

export function visibleProperty(db: Db, id: string, field = 'propertyId'): PropertyRecord {
	const property = findVisibleProperty(db, id);
	if (!property) throw new HttpError(400, `${field} ${id} is not a property of the account`, field);
	return property;
}

export function glAccount(db: Db, id: string, field = 'glAccountId'): GLAccount {
	const account = db.glAccounts.find((a) => a.upstreamId === id);
	if (!account) throw new HttpError(400, `${field} ${id} is not a GL account of the account`, field);
	return account;
}

export function postableGlAccount(db: Db, id: string, field = 'glAccountId'): GLAccount {
	const account = glAccount(db, id, field);
	if (!isPostable(account)) throw new HttpError(400, `${field} ${id} (${account.number} - ${account.accountName}) is a header account and not postable`, field);
	return account;
}

export function unitOfProperty(db: Db, id: string, propertyId: string, field = 'unitId'): UnitRecord {
	const unit = db.units.find((u) => u.row.upstreamId === id);
	if (!unit || unit.row.propertyId !== propertyId) throw new HttpError(400, `${field} ${id} is not a unit of property ${propertyId}`, field);
	return unit;
}

/** an occupancy the connected user can see; unknown or invisible → 400 naming the field */
export function visibleOccupancy(db: Db, id: string | undefined, field = 'occupancyId'): Occupancy {
	const occupancy = id === undefined ? undefined : db.occupancies.find((o) => o.id === String(id));
	if (!occupancy || !findVisibleProperty(db, occupancy.propertyId)) throw new HttpError(400, `${field} ${id ?? ''} is not an occupancy of the account`.replace('  ', ' '), field);
	return occupancy;
}

/** the `occupancyId` of reads that list one occupancy's records (lease documents, letters) */
export function requiredOccupancy(ctx: SandboxContext, query: QueryParams): Occupancy {
	const id = single(query, 'occupancyId');
	if (id === undefined) throw new HttpError(400, 'occupancyId is required', 'occupancyId');
	return visibleOccupancy(dbOf(ctx), id);
}

/** a stored file as the API shows it, its URL signed on the request's origin */
export function fileView(ctx: SandboxContext, fileId: string) {
	return storedFileView(dbOf(ctx).files.get(fileId)!, ctx.origin);
}
