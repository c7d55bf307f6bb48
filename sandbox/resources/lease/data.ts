import { type Db, nextId } from '../../db/db';
import { storeFile } from '../../shared/files';
import { addDays, formatDate } from '../../shared/format';
import type { Random } from '../../shared/random';
import { seedingLookups } from '../tenant/data';

const LETTERS = [
	{ name: 'Late Rent Notice', category: 'Collections' },
	{ name: 'Lease Renewal Offer', category: 'Renewals' },
	{ name: 'Welcome Letter', category: 'Move-in' },
	{ name: 'Notice of Entry', category: 'Maintenance' },
];

/**
 * Every occupancy that signed a lease has its lease document; some carry letters and attachments.
 * One pass seeds all three (letter/, attachment/ read them): split, the random draws would come in
 * another order and every record after them would change.
 */
export function generateDocuments(db: Db, random: Random): void {
	const seeding = seedingLookups(db);
	for (const occupancy of db.occupancies) {
		const tenant = seeding.of(occupancy).ofOccupancy[0].row;
		const slug = `${tenant.lastName.toLowerCase()}-${occupancy.id}`;
		const lease = storeFile(db, `lease-${slug}.pdf`, 'application/pdf', `Residential Lease Agreement - ${tenant.name}`);
		db.leaseDocuments.push({
			upstreamId: String(nextId(db, 'leaseDocument', 600001)),
			occupancyId: occupancy.id,
			name: `Lease Agreement - ${tenant.name}`,
			category: 'Lease',
			status: occupancy.status === 'future' && random.chance(0.3) ? 'Pending Signatures' : 'Fully Executed',
			leaseFrom: occupancy.leaseFrom,
			leaseTo: occupancy.leaseTo,
			createdAt: occupancy.leaseSignDate,
			fileId: lease.id,
		});
		if (random.chance(0.35)) {
			const letter = random.pick(LETTERS);
			const createdAt = addDays(occupancy.moveIn, random.int(0, 200));
			const file = storeFile(db, `${letter.name.toLowerCase().replace(/ /g, '-')}-${slug}.pdf`, 'application/pdf', `${letter.name} - ${tenant.name}`);
			db.letters.push({
				upstreamId: String(nextId(db, 'letter', 610001)),
				occupancyId: occupancy.id,
				name: letter.name,
				category: letter.category,
				status: 'Sent',
				leaseFrom: null,
				leaseTo: null,
				createdAt: new Date(createdAt.getTime() + 14 * 3_600_000),
				fileId: file.id,
			});
		}
		if (random.chance(0.3)) {
			const inspection = random.chance(0.5);
			const file = inspection
				? storeFile(db, `move-in-inspection-${slug}.png`, 'image/png', `Move-in inspection ${formatDate(occupancy.moveIn)}`)
				: storeFile(db, `renters-insurance-${slug}.pdf`, 'application/pdf', `Renters insurance - ${tenant.name}`);
			db.attachments.push({
				upstreamId: `a${nextId(db, 'attachment', 500001)}`,
				occupancyId: occupancy.id,
				workOrderId: null,
				createdAt: new Date(occupancy.moveIn.getTime() + 11 * 3_600_000),
				folderName: inspection ? 'Inspections' : 'Insurance',
				userName: random.pick(db.users).name,
				sharedWith: inspection ? ['Tenant', 'Owner'] : ['Tenant'],
				fileId: file.id,
			});
		}
	}
}
