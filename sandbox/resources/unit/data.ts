import type { Db, PropertyRecord, UnitPhotoRecord, UnitRecord } from '../../db/db';
import { formatMoney } from '../../shared/format';
import { fullAddress } from '../../shared/names';
import type { Random } from '../../shared/random';

const UNIT_AMENITIES = ['Dishwasher', 'Balcony', 'Washer/Dryer', 'Fireplace', 'Hardwood Floors', 'Walk-in Closet'];

export function generateUnits(db: Db, random: Random, property: PropertyRecord['row'], single: boolean): void {
	for (let n = 0; n < property.unitCount; n++) {
		const bedrooms = single ? random.int(2, 4) : random.int(0, 3);
		const bathrooms = bedrooms <= 1 ? 1 : random.pick([1, 1.5, 2, 2.5]);
		const name = single ? property.name : `${Math.floor(n / 6) + 1}${String((n % 6) + 1).padStart(2, '0')}`;
		const street2 = single ? null : `Unit ${name}`;
		const address = { ...property.address, street2 };
		const unitId = String(1001 + db.units.length);
		const record: UnitRecord = {
			row: {
				upstreamId: unitId,
				name,
				propertyId: property.upstreamId,
				property: { upstreamId: property.upstreamId, label: property.label },
				occupancyUpstreamId: null,
				type: single ? 'House' : bedrooms === 0 ? 'Studio' : `${bedrooms} Bedroom`,
				bdBa: `${bedrooms}/${bathrooms}`,
				bedrooms,
				bathrooms,
				sqFt: String(450 + bedrooms * 300 + random.int(0, 150)),
				marketRent: formatMoney(random.amount(1100 + bedrooms * 450, 1500 + bedrooms * 600, 25)),
				status: 'Vacant',
				rentReady: true,
				tags: random.chance(0.15) ? ['Renovated'] : [],
				fullAddress: fullAddress(address),
				address,
			},
			amenities: UNIT_AMENITIES.filter(() => random.chance(0.3)),
			photoCount: random.int(0, 3),
		};
		db.units.push(record);
		generateUnitPhotos(db, record);
	}
}

function generateUnitPhotos(db: Db, unit: UnitRecord): void {
	for (let n = 0; n < unit.photoCount; n++) {
		const photoId = `${unit.row.upstreamId}-${n + 1}`;
		const base = `https://images.sandbox-pm.example/units/${unit.row.upstreamId}/${n + 1}`;
		const photo: UnitPhotoRecord = {
			unitId: unit.row.upstreamId,
			propertyId: unit.row.propertyId,
			row: {
				upstreamId: photoId,
				name: ['Living room', 'Kitchen', 'Bedroom'][n] ?? `Photo ${n + 1}`,
				default: n === 0,
				url: { original: `${base}.jpg`, small: `${base}-small.jpg`, medium: `${base}-medium.jpg`, large: `${base}-large.jpg` },
			},
		};
		db.unitPhotos.push(photo);
	}
}
