import { tenantsOfOccupancy } from '../../db/byOwner';
import type { Db, LedgerEntry } from '../../db/db';
import { readEndpoint } from '../../shared/define';
import { addDays, formatDate, formatMoney, startOfDay } from '../../shared/format';
import { commaList, dateParam, dbOf, scopedPropertyIds } from '../../shared/params';
import { type EndpointDef, HttpError, type QueryParams, type SandboxContext } from '../../types';
import { glAccountByNumber } from '../glAccount/data';
import { unitStatusOn } from '../unit/status';
import type { RentRoll } from './schema';

function asOf(ctx: SandboxContext, query: QueryParams) {
	return { ids: scopedPropertyIds(ctx, query), date: dateParam(query, 'date') ?? startOfDay(ctx.now()) };
}

/** balance owed on the day, from an index of ledger entries per occupancy */
function pastDue(entries: LedgerEntry[] | undefined, day: Date): number {
	const cents = (entries ?? []).filter((e) => e.date <= day).reduce((total, e) => total + e.cents, 0);
	return Math.max(0, cents) / 100;
}

function ledgerByOccupancy(db: Db): Map<string, LedgerEntry[]> {
	const index = new Map<string, LedgerEntry[]>();
	for (const entry of db.ledger) {
		const entries = index.get(entry.occupancyId);
		if (entries) entries.push(entry);
		else index.set(entry.occupancyId, [entry]);
	}
	return index;
}

function rentRollRows(ctx: SandboxContext, f: { ids: Set<string>; date: Date }): RentRoll[] {
	const db = dbOf(ctx);
	const ledger = ledgerByOccupancy(db);
	const properties = new Map(db.properties.map((p) => [p.row.upstreamId, p]));
	return db.units
		.filter((u) => f.ids.has(u.row.propertyId))
		.map((unit) => {
			const property = properties.get(unit.row.propertyId)!;
			const { status, occupant: occupancy } = unitStatusOn(db, unit.row.upstreamId, f.date);
			const tenants = occupancy ? tenantsOfOccupancy(db, occupancy.id) : [];
			const primary = tenants[0];
			const sqft = Number(unit.row.sqFt);
			const rent = occupancy?.rent ?? null;
			const market = Number(unit.row.marketRent);
			const perFoot = (value: number, months: number) => formatMoney((value * months) / sqft);
			const due = occupancy ? pastDue(ledger.get(occupancy.id), f.date) : 0;
			const groups = db.propertyGroups.filter((g) => g.propertyIds.includes(property.row.upstreamId)).map((g) => g.row.upstreamId);
			return {
				upstreamId: `${unit.row.upstreamId}-${formatDate(f.date)}`,
				unit: unit.row.name,
				unitId: Number(unit.row.upstreamId),
				unitType: unit.row.type,
				unitTags: unit.row.tags.join(', ') || null,
				bdBa: unit.row.bdBa,
				sqft: unit.row.sqFt,
				amenities: null,
				rentReady: unit.row.rentReady,
				rentStatus: occupancy ? (due > 0 ? 'Past Due' : 'Current') : null,
				applicationFee: formatMoney(45),
				amenitiesPrice: null,
				propertyGroupId: groups,
				portfolioId: property.portfolioId,
				property: { upstreamId: property.row.upstreamId, label: property.row.label, name: property.row.name },
				propertyAddress: { full: property.row.fullAddress, ...property.row.address },
				leaseFrom: occupancy ? formatDate(occupancy.leaseFrom) : null,
				leaseTo: occupancy ? formatDate(occupancy.leaseTo) : null,
				moveIn: occupancy ? formatDate(occupancy.moveIn) : null,
				moveOut: occupancy?.moveOut ? formatDate(occupancy.moveOut) : null,
				rent: rent === null ? null : formatMoney(rent),
				marketRent: unit.row.marketRent,
				computedMarketRent: unit.row.marketRent,
				legalRent: null,
				advertisedRent: occupancy ? null : unit.row.marketRent,
				annualRent: rent === null ? null : formatMoney(rent * 12),
				monthlyRentSquareFt: rent === null ? null : perFoot(rent, 1),
				annualRentSquareFt: rent === null ? null : perFoot(rent, 12),
				monthlyMarketRentSquareFt: perFoot(market, 1),
				annualMarketRentSquareFt: perFoot(market, 12),
				previousOccupancyRent: null,
				previousRent: occupancy?.previousLease ? formatMoney(occupancy.previousLease.rent) : null,
				lastMoveOut: null,
				preferentialRent: null,
				occupancyId: occupancy ? Number(occupancy.id) : null,
				tenantId: primary ? Number(primary.row.upstreamId) : null,
				tenant: primary?.row.name ?? null,
				additionalTenants: tenants.slice(1).map((t) => t.row.name).join(', ') || null,
				additionalTenantIds: tenants.slice(1).map((t) => t.row.upstreamId).join(', ') || null,
				tenantTags: primary?.row.tags.join(', ') || null,
				tenantAgent: null,
				status,
				statusBySquareFeet: null,
				monthlyCharges: rent === null ? null : formatMoney(rent),
				deposit: occupancy ? formatMoney(occupancy.deposit) : null,
				depositAuthorized: occupancy ? formatMoney(occupancy.deposit) : null,
				pastDue: occupancy ? formatMoney(due) : null,
				nsf: occupancy ? '0' : null,
				late: occupancy ? String((ledger.get(occupancy.id) ?? []).filter((e) => e.description === 'Late Fee' && e.date <= f.date).length) : null,
				leaseExpiresMonth: occupancy ? formatDate(occupancy.leaseTo).slice(0, 2) + formatDate(occupancy.leaseTo).slice(5) : null,
				lastRentIncrease: occupancy?.previousLease ? formatDate(occupancy.leaseFrom) : null,
				nextRentAdjustment: occupancy ? formatDate(addDays(occupancy.leaseTo, 1)) : null,
				nextRentIncreaseAmount: null,
				nextRentIncrease: null,
				affordableProgram: null,
			};
		});
}

/** occupancies in the scope that live in their unit on the as-of day, with their monthly charges */
function chargeLines(ctx: SandboxContext, f: { ids: Set<string>; date: Date }) {
	const db = dbOf(ctx);
	return db.occupancies
		.filter((o) => f.ids.has(o.propertyId) && o.moveIn <= f.date && (!o.moveOut || o.moveOut >= f.date))
		.flatMap((o) => {
			const tenants = tenantsOfOccupancy(db, o.id);
			const unit = db.units.find((u) => u.row.upstreamId === o.unitId)!;
			const property = db.properties.find((p) => p.row.upstreamId === o.propertyId)!;
			const base = { occupancyId: Number(o.id), tenant: tenants[0].row.name, propertyId: property.row.upstreamId, propertyName: property.row.name, unitId: unit.row.upstreamId, unit: unit.row.name };
			const charges = [{ key: 'rent', chargeType: 'Rent', glAccountNumber: '4100', glAccountName: '4100 - Rent Income', cents: Math.round(o.rent * 100) }];
			if (tenants.some((t) => t.row.pets)) charges.push({ key: 'pet', chargeType: 'Pet Rent', glAccountNumber: '4500', glAccountName: '4500 - Pet Rent', cents: 3500 });
			return charges.map((c) => ({ occupancy: o, base, charge: c, property, unit, tenantRecord: tenants[0] }));
		});
}

/** glAccountIds: a comma-separated list of GL account ids; each must be an account of the chart */
function glAccountIdsParam(ctx: SandboxContext, query: QueryParams): Set<string> | undefined {
	const ids = commaList(query, 'glAccountIds');
	if (ids.length === 0) return undefined;
	const known = new Set(dbOf(ctx).glAccounts.map((a) => a.upstreamId));
	const unknown = ids.find((id) => !known.has(id));
	if (unknown !== undefined) throw new HttpError(400, `glAccountIds ${unknown} is not a GL account of the account`, 'glAccountIds');
	return new Set(ids);
}

export const rentRollEndpoints: EndpointDef[] = [
	readEndpoint('/v1/rent-roll', asOf, rentRollRows),
	readEndpoint(
		'/v1/rent-roll-recurring',
		(ctx, query) => ({ ...asOf(ctx, query), glAccountIds: glAccountIdsParam(ctx, query) }),
		(ctx, f) => {
			const db = dbOf(ctx);
			return chargeLines(ctx, f)
				.filter(({ charge }) => !f.glAccountIds || f.glAccountIds.has(glAccountByNumber(db, charge.glAccountNumber).upstreamId))
				.map(({ occupancy, charge, property, unit, tenantRecord }) => ({
					propertyGroupId: db.propertyGroups.filter((g) => g.propertyIds.includes(property.row.upstreamId)).map((g) => g.row.upstreamId),
					portfolioId: property.portfolioId,
					property: { upstreamId: property.row.upstreamId, name: property.row.name, ...property.row.address },
					unit: { upstreamId: unit.row.upstreamId, name: unit.row.name, sqft: unit.row.sqFt },
					occupancy: { upstreamId: occupancy.id, name: `${tenantRecord.row.lastName}, ${tenantRecord.row.firstName}` },
					glAccount: glAccountByNumber(db, charge.glAccountNumber).accountName,
					startDate: formatDate(occupancy.leaseFrom),
					endDate: occupancy.moveOut ? formatDate(occupancy.moveOut) : null,
					chargeAmount: formatMoney(charge.cents / 100),
					amountAsMonthly: formatMoney(charge.cents / 100),
				}));
		},
	),
	readEndpoint('/v1/rent-roll-itemized', asOf, (ctx, f) =>
		chargeLines(ctx, f).map(({ occupancy, base, charge }) => ({
			upstreamId: `${occupancy.id}-${charge.key}`,
			...base,
			chargeType: charge.chargeType,
			glAccountName: charge.glAccountName,
			amount: formatMoney(charge.cents / 100),
			rent: formatMoney(occupancy.rent),
			deposit: formatMoney(occupancy.deposit),
		})),
	),
];
