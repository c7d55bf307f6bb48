import { isPostable } from '../data/accounts';
import type { Db, PropertyRecord, UnitRecord, VendorRecord } from '../data/db';
import type { GLAccount } from '../schemas/accounting';
import { HttpError } from '../types';
import { findVisibleProperty } from './params';

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
