import { z } from 'zod';
import { date, int, money, nbool, ndate, nint, nmoney, nstr, reportRowBase, str, strList } from '../../shared/schemas';

const periodColumns = {
	selectedPeriod: money,
	selectedPeriodAsPercent: str,
	fiscalYearToDate: money,
	fiscalYearToDateAsPercent: str,
};

export const cashFlowRow = z.strictObject({ ...reportRowBase, ...periodColumns });
/** the docs' IncomeStatement object: one row per GL account or total, percentages without a % sign */
export const incomeStatementRow = z.strictObject({
	id: int,
	accountName: str,
	level: str,
	treeNodeLabel: str,
	treeNodeId: int,
	accountNumber: nstr,
	rowType: z.enum(['header', 'row', 'total']),
	monthToDate: money,
	monthToDatePercent: str,
	yearToDate: money,
	yearToDatePercent: str,
	lastYearToDate: money,
	lastYearToDatePercent: str,
	monthToDateDollarsPerUnit: money,
	glAccountId: nstr,
});
export const balanceSheetRow = z.strictObject({ ...reportRowBase, glAccountIds: strList, balance: money });
/** the docs' AnnualBudgetComparative object: month and year to date against the budget */
export const budgetComparativeRow = z.strictObject({
	...reportRowBase,
	mtdActual: money,
	mtdBudget: money,
	mtdAmountVariance: money,
	mtdPercentVariance: str,
	ytdActual: money,
	ytdBudget: money,
	ytdAmountVariance: money,
	ytdPercentVariance: str,
	annual: money,
	note: nstr,
});

export const rentRoll = z.strictObject({
	upstreamId: str,
	unit: str,
	unitId: int,
	unitType: str,
	unitTags: nstr,
	bdBa: str,
	sqft: nstr,
	amenities: nstr,
	rentReady: nbool,
	rentStatus: nstr,
	applicationFee: nmoney,
	amenitiesPrice: nmoney,
	propertyGroupId: strList,
	portfolioId: int,
	property: z.strictObject({ upstreamId: str, label: str, name: str }),
	propertyAddress: z.strictObject({ full: str, street: nstr, street2: nstr, city: nstr, state: nstr, zip: nstr }),
	leaseFrom: ndate,
	leaseTo: ndate,
	moveIn: ndate,
	moveOut: ndate,
	rent: nmoney,
	marketRent: nmoney,
	computedMarketRent: nmoney,
	legalRent: nmoney,
	advertisedRent: nmoney,
	annualRent: nmoney,
	monthlyRentSquareFt: nmoney,
	annualRentSquareFt: nmoney,
	monthlyMarketRentSquareFt: nmoney,
	annualMarketRentSquareFt: nmoney,
	previousOccupancyRent: nmoney,
	previousRent: nmoney,
	lastMoveOut: ndate,
	preferentialRent: nmoney,
	occupancyId: nint,
	tenantId: nint,
	tenant: nstr,
	additionalTenants: nstr,
	additionalTenantIds: nstr,
	tenantTags: nstr,
	tenantAgent: nstr,
	status: str,
	statusBySquareFeet: nstr,
	monthlyCharges: nmoney,
	deposit: nmoney,
	depositAuthorized: nmoney,
	pastDue: nmoney,
	nsf: nstr,
	late: nstr,
	leaseExpiresMonth: nstr,
	lastRentIncrease: ndate,
	nextRentAdjustment: ndate,
	nextRentIncreaseAmount: nmoney,
	nextRentIncrease: ndate,
	affordableProgram: nstr,
});

const rentRollLineBase = {
	upstreamId: str,
	occupancyId: int,
	tenant: str,
	propertyId: str,
	propertyName: str,
	unitId: str,
	unit: str,
	glAccountName: str,
	amount: money,
};

/** the docs' RentRollRecurring object, with upstreamId for the docs' own id name */
export const rentRollRecurring = z.strictObject({
	propertyGroupId: strList,
	portfolioId: int,
	property: z.strictObject({ upstreamId: str, name: str, street: nstr, street2: nstr, city: nstr, state: nstr, zip: nstr }),
	unit: z.strictObject({ upstreamId: str, name: str, sqft: nstr }),
	occupancy: z.strictObject({ upstreamId: str, name: str }),
	glAccount: str,
	startDate: date,
	endDate: ndate,
	chargeAmount: money,
	amountAsMonthly: money,
});

export const rentRollItemized = z.strictObject({
	...rentRollLineBase,
	chargeType: str,
	rent: money,
	deposit: nmoney,
});

export type RentRoll = z.infer<typeof rentRoll>;
