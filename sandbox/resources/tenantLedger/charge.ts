import { formatMoney, formatShortDate, startOfDay } from '../../shared/format';
import { postableGlAccount, visibleOccupancy } from '../../shared/lookups';
import { dbOf } from '../../shared/params';
import { bodyObject, optionalBoolean, optionalString, requiredAmount, requiredDate, requiredId } from '../../shared/validation';
import { type CreateEndpoint, HttpError } from '../../types';
import { addLedgerEntry } from './data';
import type { TenantCharge } from './schema';

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

export const createTenantCharge: CreateEndpoint = {
	kind: 'create',
	path: '/v1/tenant-charge',
	invalidates: ['/v1/tenant-ledger', '/v1/rent-roll', '/v1/cash-flow', '/v1/income-statement', '/v1/balance-sheet', '/v1/annual-budget-comparative'],
	create(ctx, input) {
		const db = dbOf(ctx);
		const body = bodyObject(input);
		const occupancy = visibleOccupancy(db, requiredId(body, 'occupancyId'));
		const cents = requiredAmount(body, 'amount');
		const chargeDate = requiredDate(body, 'chargeDate');
		const postingDate = requiredDate(body, 'postingDate');
		const account = postableGlAccount(db, requiredId(body, 'glAccountId'));
		const description = optionalString(body, 'description');
		const warningsOk = optionalBoolean(body, 'warningsOk') ?? false;
		const thisMonth = monthIndex(startOfDay(ctx.now()));
		const warnings = [chargeDate, postingDate].some((d) => monthIndex(d) < thisMonth)
			? [`The charge is dated in a previous month (${formatShortDate(monthIndex(postingDate) < thisMonth ? postingDate : chargeDate)}).`]
			: [];
		if (warnings.length && !warningsOk) throw new HttpError(400, `warnings: ${warnings.join(' ')} Send warningsOk: true to create it anyway.`, 'warningsOk');
		const transactionId = addLedgerEntry(db, {
			occupancyId: occupancy.id,
			type: 'Charge',
			date: chargeDate,
			cents,
			description: description ?? account.accountName,
			payer: null,
			glAccountId: account.upstreamId,
			createdAt: ctx.now(),
		});
		const charge: TenantCharge = {
			tenantChargeId: transactionId,
			occupancyId: Number(occupancy.id),
			amount: formatMoney(cents / 100),
			chargeDate: formatShortDate(chargeDate),
			postingDate: formatShortDate(postingDate),
			glAccountId: account.upstreamId,
			description,
			warnings,
		};
		db.tenantCharges.push(charge);
		return charge;
	},
};
