import { occupanciesOfUnit } from '../../db/byOwner';
import type { Db, Occupancy } from '../../db/db';

export type UnitStatus = 'Current' | 'Evict' | 'Notice-Unrented' | 'Notice-Rented' | 'Vacant-Unrented' | 'Vacant-Rented';

export interface UnitStatusOn {
	status: UnitStatus;
	/** the occupancy living in the unit that day */
	occupant: Occupancy | undefined;
	/** the next occupancy to move in after that day */
	next: Occupancy | undefined;
}

/**
 * One reading of a unit's state on a day, shared by the rent roll and unit vacancies so that the
 * two reports never disagree about the same unit.
 */
export function unitStatusOn(db: Db, unitId: string, day: Date): UnitStatusOn {
	const occupancies = occupanciesOfUnit(db, unitId);
	const occupant = occupancies.find((o) => o.moveIn <= day && (!o.moveOut || o.moveOut >= day));
	const next = occupancies
		.filter((o) => o.moveIn > day && (!occupant?.moveOut || o.moveIn > occupant.moveOut))
		.sort((a, b) => a.moveIn.getTime() - b.moveIn.getTime())[0];
	if (!occupant) return { status: next ? 'Vacant-Rented' : 'Vacant-Unrented', occupant, next };
	if (occupant.status === 'evict') return { status: 'Evict', occupant, next };
	const gaveNotice = occupant.moveOut !== null && occupant.noticeDate !== null && occupant.noticeDate <= day;
	if (gaveNotice) return { status: next ? 'Notice-Rented' : 'Notice-Unrented', occupant, next };
	return { status: 'Current', occupant, next };
}
