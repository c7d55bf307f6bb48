/**
 * Portfolio size (`--units`, options.ts). The default portfolio is hand-tuned: 34 properties, a
 * quarter of them single-family homes, the others 10 to 16 units. A larger one keeps those 34
 * properties and grows the apartment communities, as a large manager's portfolio is mostly large
 * communities; every other volume (tenants, events, ledgers, guest cards, work orders, orders,
 * documents, messages) follows the unit count, because each is generated per unit or per occupancy,
 * or counted here. Bills are the exception: the default portfolio has few (under one a day), while a
 * large manager enters about one a day per 100 units (100 a day at 10,000 units), so a larger
 * portfolio gets that rate over the 400 days that bill dates span.
 */
export const PROPERTY_COUNT = 34;

export function isSingleFamily(propertyIndex: number): boolean {
	return propertyIndex % 4 === 3;
}

function baseUnitCount(propertyIndex: number): number {
	return isSingleFamily(propertyIndex) ? 1 : 10 + (propertyIndex % 7);
}

const indexes = Array.from({ length: PROPERTY_COUNT }, (_, index) => index);
const SINGLE_FAMILY_UNITS = indexes.filter(isSingleFamily).length;
const APARTMENT_UNITS = indexes.filter((index) => !isSingleFamily(index)).reduce((sum, index) => sum + baseUnitCount(index), 0);
/** units of the default portfolio */
export const BASE_UNITS = SINGLE_FAMILY_UNITS + APARTMENT_UNITS;

const DEFAULT_BILLS = 270;
const BILL_DAYS = 400;
const BILLS_PER_UNIT_PER_DAY = 1 / 100;

export interface Volume {
	/** undefined for the default portfolio */
	units?: number;
	/** units asked for ÷ BASE_UNITS; 1 for the default portfolio */
	scale: number;
	/** how much larger each apartment community is than in the default portfolio */
	apartmentFactor: number;
}

export function volumeFor(units?: number): Volume {
	if (units === undefined || units === BASE_UNITS) return { units: undefined, scale: 1, apartmentFactor: 1 };
	if (!Number.isInteger(units) || units < BASE_UNITS) {
		throw new Error(`units must be a whole number of at least ${BASE_UNITS} (the default portfolio), got ${units}`);
	}
	return { units, scale: units / BASE_UNITS, apartmentFactor: (units - SINGLE_FAMILY_UNITS) / APARTMENT_UNITS };
}

export function unitCountOf(propertyIndex: number, volume: Volume): number {
	const base = baseUnitCount(propertyIndex);
	return isSingleFamily(propertyIndex) ? base : Math.round(base * volume.apartmentFactor);
}

/** A count of the default portfolio, in proportion to the portfolio's size. */
export function scaledCount(base: number, volume: Volume): number {
	return Math.round(base * volume.scale);
}

export function billCount(volume: Volume): number {
	return volume.units === undefined ? DEFAULT_BILLS : Math.round(volume.units * BILLS_PER_UNIT_PER_DAY * BILL_DAYS);
}

/**
 * A larger portfolio's bills are more and smaller (utilities, small repairs): amounts shrink by the
 * same factor as their number grows, so the money spent per unit, and with it the operating margin,
 * stays the default portfolio's.
 */
export function billAmountFactor(volume: Volume): number {
	return volume.units === undefined ? 1 : scaledCount(DEFAULT_BILLS, volume) / billCount(volume);
}
