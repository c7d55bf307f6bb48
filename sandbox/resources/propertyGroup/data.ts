import type { Db, PropertyGroupRecord, PropertyRecord } from '../../db/db';
import { uuidFrom } from '../../shared/ids';
import type { Random } from '../../shared/random';

export function generatePropertyGroups(db: Db, random: Random): void {
	const byCity = (city: string) => db.properties.filter((p) => p.row.address.city === city);
	const seeds: Array<[string, PropertyRecord[]]> = [
		['California Portfolio', db.properties.filter((p) => p.row.address.state === 'CA')],
		['Texas Portfolio', db.properties.filter((p) => p.row.address.state === 'TX')],
		['Single-Family Homes', db.properties.filter((p) => p.row.type === 'Single-Family')],
		['Denver Metro', byCity('Denver')],
	];
	seeds.forEach(([name, members], index) => addPropertyGroup(db, String(11 + index), name, members, uuidFrom(random)));
}

export function addPropertyGroup(db: Db, upstreamId: string, name: string, members: PropertyRecord[], uuid: string): PropertyGroupRecord {
	const record: PropertyGroupRecord = {
		propertyIds: members.map((p) => p.row.upstreamId),
		row: {
			upstreamId,
			name,
			propertyUuids: members.map((p) => p.uuid),
			uuid,
			editable: true,
			propertyCount: members.length,
		},
	};
	db.propertyGroups.push(record);
	return record;
}
