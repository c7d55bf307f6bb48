import type { Db, Occupancy } from '../../db/db';
import { inWindow } from '../../shared/dateRange';
import { readEndpoint } from '../../shared/define';
import { addDays, formatDate, formatMoney, startOfDay } from '../../shared/format';
import { monthWindow } from '../../shared/monthRange';
import { dbOf, oneOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef, QueryParams, SandboxContext } from '../../types';
import { LEASE_STATUSES, type LeaseHistory } from './schema';

const VISIBILITY = ['all', 'active', 'hidden'] as const;
const FILTER_BY = ['Lease Start Date', 'Lease Countersigned Date'] as const;

interface LeaseTerm {
	from: Date;
	to: Date;
	rent: number;
	signedOn: Date;
	renewal: boolean;
	status: LeaseHistory['status'];
}

/** the leases of an occupancy: the one before a renewal, then the current one */
function termsOf(occupancy: Occupancy): LeaseTerm[] {
	const leaving = occupancy.status === 'past' || occupancy.status === 'notice';
	const current: LeaseTerm = {
		from: occupancy.leaseFrom,
		to: occupancy.leaseTo,
		rent: occupancy.rent,
		signedOn: occupancy.leaseSignDate,
		renewal: occupancy.previousLease !== null,
		status: leaving ? 'Did Not Renew' : 'Completed',
	};
	const before = occupancy.previousLease;
	if (!before) return [current];
	return [{ from: before.from, to: before.to, rent: before.rent, signedOn: addDays(before.from, -14), renewal: false, status: 'Completed' }, current];
}

const lastFirst = (name: { firstName: string; lastName: string }) => `${name.lastName}, ${name.firstName}`;
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function leaseRows(db: Db, now: Date): Array<{ row: LeaseHistory; propertyId: string; unitHidden: boolean; tenantHidden: boolean }> {
	const today = startOfDay(now);
	const staff = db.users.filter((u) => u.active);
	return db.occupancies.flatMap((o) => {
		const tenant = db.tenants.find((t) => t.occupancyId === o.id)!;
		const unit = db.units.find((u) => u.row.upstreamId === o.unitId)!;
		const property = db.properties.find((p) => p.row.upstreamId === o.propertyId)!;
		const countersigner = staff[Number(o.id) % staff.length];
		return termsOf(o).map((term, index) => {
			const sent = addDays(term.signedOn, -2);
			const countersigned = term.signedOn < today ? addDays(term.signedOn, 1) : term.signedOn;
			const row: LeaseHistory = {
				leaseUUID: `6c1e${o.id.padStart(8, '0').slice(-4)}-${o.id.padStart(8, '0').slice(0, 4)}-4e11-8a00-${String(index + 1).padStart(12, '0')}`,
				leaseDocumentUUID: null,
				inquiryId: null,
				status: term.status,
				createdAt: formatDate(addDays(sent, -1)),
				updatedAt: formatDate(countersigned),
				sentDate: formatDate(sent),
				leaseStart: formatDate(term.from),
				leaseEnd: formatDate(term.to),
				moveIn: formatDate(o.moveIn),
				moveOut: o.moveOut ? formatDate(o.moveOut) : null,
				signedOnDate: formatDate(term.signedOn),
				rent: formatMoney(term.rent),
				marketRent: unit.row.marketRent,
				mostRecentRent: formatMoney(o.rent),
				securityDeposit: formatMoney(o.deposit),
				renewal: term.renewal ? 'Yes' : 'No',
				countersignedBy: countersigner.name,
				countersignedById: Number(countersigner.upstreamId),
				countersignedDate: formatDate(countersigned),
				timeFromSendingToCountersigning: days(Math.round((countersigned.getTime() - sent.getTime()) / 86_400_000)),
				timeFromSendingToSigning: days(2),
				occupancy: { upstreamId: Number(o.id), name: lastFirst(tenant.row) },
				tenant: { upstreamId: Number(tenant.row.upstreamId), name: lastFirst(tenant.row), visibility: tenant.hidden ? 'Hidden' : 'Active' },
				unit: { upstreamId: unit.row.upstreamId, name: unit.row.name, type: unit.row.type },
				property: { upstreamId: property.row.upstreamId, name: property.row.name, address: property.row.fullAddress, ...property.row.address },
			};
			return { row, propertyId: property.row.upstreamId, unitHidden: property.hidden, tenantHidden: tenant.hidden };
		});
	});
}

function parseLeaseFilters(ctx: SandboxContext, query: QueryParams) {
	return {
		ids: scopedPropertyIds(ctx, query),
		window: monthWindow(ctx, query, 'this_and_next_6_months'),
		status: oneOf(query, 'leaseStatus', ['all', ...LEASE_STATUSES] as const, 'all'),
		unitVisibility: oneOf(query, 'unitVisibility', VISIBILITY, 'all'),
		tenantVisibility: oneOf(query, 'tenantVisibility', VISIBILITY, 'all'),
		filterBy: oneOf(query, 'filterLeaseBy', FILTER_BY, 'Lease Start Date'),
	};
}

const visible = (choice: (typeof VISIBILITY)[number], hidden: boolean) => choice === 'all' || hidden === (choice === 'hidden');

export const leaseHistoryEndpoint: EndpointDef = readEndpoint('/v1/lease-history', parseLeaseFilters, (ctx, f) =>
	leaseRows(dbOf(ctx), ctx.now())
		.filter(({ row, propertyId, unitHidden, tenantHidden }) => {
			const day = f.filterBy === 'Lease Start Date' ? row.leaseStart : row.countersignedDate;
			return (
				f.ids.has(propertyId) &&
				(f.status === 'all' || row.status === f.status) &&
				visible(f.unitVisibility, unitHidden) &&
				visible(f.tenantVisibility, tenantHidden) &&
				day !== null &&
				inWindow(f.window, parseDay(day))
			);
		})
		.map(({ row }) => row),
);

function parseDay(text: string): Date {
	const [month, day, year] = text.split('/').map(Number);
	return new Date(Date.UTC(year, month - 1, day));
}
