import { occupanciesOfUnit } from '../../db/byOwner';
import type { Db, UnitRecord } from '../../db/db';
import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { addDays, daysBetween, formatDate, formatMoney, parseKnownDate, startOfDay } from '../../shared/format';
import { dateWindow, dbOf, findVisibleProperty, scopedPropertyIds, single } from '../../shared/params';
import { type EndpointDef, HttpError } from '../../types';
import type { UnitListRow, UnitVacancy } from './schema';
import { unitStatusOn } from './status';

export const unitEndpoints: EndpointDef[] = [
	readEndpoint('/v1/units', scopedPropertyIds, (ctx, ids) => {
		const db = dbOf(ctx);
		const today = startOfDay(ctx.now());
		return db.units.filter((u) => ids.has(u.row.propertyId)).map((u) => unitListRow(db, u, today));
	}),
	readEndpoint(
		'/v1/unit-photos',
		(ctx, query) => {
			const db = dbOf(ctx);
			const propertyId = single(query, 'propertyId');
			const unitId = single(query, 'unitId');
			if (propertyId !== undefined && !findVisibleProperty(db, propertyId)) throw new HttpError(400, `propertyId ${propertyId} is not a property of the account`, 'propertyId');
			if (unitId !== undefined) {
				const unit = db.units.find((u) => u.row.upstreamId === unitId);
				if (!unit || !findVisibleProperty(db, unit.row.propertyId)) throw new HttpError(400, `unitId ${unitId} is not a unit of the account`, 'unitId');
				if (propertyId !== undefined && unit.row.propertyId !== propertyId) throw new HttpError(400, `unitId ${unitId} is not a unit of property ${propertyId}`, 'unitId');
			}
			return { propertyId, unitId };
		},
		(ctx, { propertyId, unitId }) =>
			dbOf(ctx)
				.unitPhotos.filter((p) => findVisibleProperty(dbOf(ctx), p.propertyId) && (!propertyId || p.propertyId === propertyId) && (!unitId || p.unitId === unitId))
				.map((p) => p.row),
	),
	readEndpoint(
		'/v1/unit-vacancies',
		(ctx, query) => ({ ids: scopedPropertyIds(ctx, query), window: dateWindow(ctx, query, 'this_month_to_date') }),
		(ctx, { ids, window }) => unitVacancies(dbOf(ctx), ctx.now()).filter((v) => ids.has(v.property.upstreamId) && inWindow(window, parseKnownDate(v.availableOn))),
	),
];

/** a unit is vacant or about to be: its available date is the last move-out, or the coming one */
function unitVacancies(db: Db, now: Date): UnitVacancy[] {
	const today = startOfDay(now);
	const rows: UnitVacancy[] = [];
	for (const unit of db.units) {
		const { status, occupant, next } = unitStatusOn(db, unit.row.upstreamId, today);
		if (status === 'Current' || status === 'Evict') continue;
		const leaving = occupant;
		const past = occupanciesOfUnit(db, unit.row.upstreamId)
			.filter((o) => o.moveOut !== null && o.moveOut < today)
			.sort((a, b) => b.moveOut!.getTime() - a.moveOut!.getTime())[0];
		const availableOn = leaving?.moveOut ? addDays(leaving.moveOut, 1) : past?.moveOut ? addDays(past.moveOut, 1) : addDays(today, -30);
		const property = db.properties.find((p) => p.row.upstreamId === unit.row.propertyId)!;
		const lastRent = leaving?.rent ?? past?.rent ?? null;
		rows.push({
			upstreamId: unit.row.upstreamId,
			name: unit.row.name,
			description: `${unit.row.type} at ${property.row.name}`,
			availableOn: formatDate(availableOn),
			advertisedRent: unit.row.marketRent,
			computedMarketRent: unit.row.marketRent,
			amenities: null,
			amenitiesPrice: null,
			bedAndBath: unit.row.bdBa,
			sqFt: unit.row.sqFt,
			daysVacant: Math.max(0, daysBetween(availableOn, today)),
			lastMoveIn: leaving ? formatDate(leaving.moveIn) : past ? formatDate(past.moveIn) : null,
			lastMoveOut: past?.moveOut ? formatDate(past.moveOut) : null,
			lastRent: lastRent === null ? null : formatMoney(lastRent),
			newRent: unit.row.marketRent,
			nextMoveIn: next ? formatDate(next.moveIn) : null,
			postedToInternet: !next,
			postedToWebsite: !next,
			rentReady: unit.row.rentReady,
			readyForShowingOn: formatDate(availableOn),
			schdRent: unit.row.marketRent,
			status,
			turnTargetDate: formatDate(addDays(availableOn, 7)),
			type: unit.row.type,
			tags: unit.row.tags,
			property: unit.row.property,
			fullAddress: unit.row.fullAddress,
			address: unit.row.address,
		});
	}
	return rows;
}

/** a unit as the docs' Unit object shows it, from the sandbox's own unit record */
function unitListRow(db: Db, unit: UnitRecord, today: Date): UnitListRow {
	const property = db.properties.find((p) => p.row.upstreamId === unit.row.propertyId)!;
	const { status } = unitStatusOn(db, unit.row.upstreamId, today);
	const vacant = status.startsWith('Vacant') || status.startsWith('Notice');
	return {
		upstreamId: unit.row.upstreamId,
		name: unit.row.name,
		marketRent: unit.row.marketRent,
		sqFt: unit.row.sqFt,
		bedrooms: String(unit.row.bedrooms),
		bathrooms: unit.row.bathrooms.toFixed(2),
		tags: unit.row.tags,
		rentStatus: status,
		rentable: true,
		description: `${unit.row.type} at ${property.row.name}`,
		property: unit.row.property,
		fullAddress: unit.row.fullAddress,
		address: unit.row.address,
		marketingTitle: vacant ? `${unit.row.type} in ${property.row.address.city}` : null,
		marketingDescription: vacant ? `${unit.amenities.join(', ') || 'Freshly updated'}; ${unit.row.sqFt} sq ft.` : null,
		advertisedRent: vacant ? unit.row.marketRent : null,
		legalRent: null,
		computedMarketRent: unit.row.marketRent,
		postedToWebsite: vacant,
		postedToInternet: vacant,
		youTubeURL: null,
		type: unit.row.type,
		createdOn: property.row.propertyCreatedOn,
		rubsEnabled: false,
		rubsEnabledOn: null,
		applicationFee: formatMoney(45),
		rentReady: unit.row.rentReady,
		rentDueDay: '1',
		readyForShowingOn: null,
		defaultDeposit: unit.row.marketRent,
		rentableUid: `${property.uuid.slice(0, 24)}${unit.row.upstreamId.padStart(12, '0')}`,
	};
}
