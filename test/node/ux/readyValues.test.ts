/**
 * Simplify's values are ready for an IF, Sort or spreadsheet node (n8n's UX guidelines, issue 47):
 * money as numbers, dates as ISO 8601, a nested record as its readable name, a list as one line.
 */
import { readyFields } from '../../../nodes/shared/descriptions/readyValues';

test('money, dates, nested records and lists come out ready to use; ids and other text stay as served', () => {
	const record = {
		upstreamId: '30001',
		rent: '3100.00',
		balance: '-12.50',
		total: '529,150.00',
		share: '100.00%',
		sqFt: '9900',
		leaseTo: '01/26/2027',
		movedIn: '1/2/2026',
		signedAt: '2026-11-07T18:37:22.736Z',
		property: { upstreamId: '101', label: 'Oak Flats - 8117 Oak Blvd' },
		unit: { upstreamId: '1001', name: '101' },
		manager: { name: 'Luis Hill', phoneNumber: '(805) 577-6794' },
		owners: { names: ['Michelle Thomas', 'Ana Ruiz'], upstreamIds: ['301', '302'] },
		phoneNumbers: [{ label: 'Mobile', phone: '(805) 340-4695' }, { label: 'Work', phone: '(805) 111-2222' }],
		emailAddresses: ['wei@example.com'],
		settings: { color: 'blue' },
		note: null,
		left: 'out',
	};
	const fields = Object.keys(record).filter((field) => field !== 'left');
	expect(readyFields(record, fields)).toEqual({
		upstreamId: '30001',
		rent: 3100,
		balance: -12.5,
		total: 529150,
		share: '100.00%',
		sqFt: '9900',
		leaseTo: '2027-01-26',
		movedIn: '2026-01-02',
		signedAt: '2026-11-07T18:37:22.736Z',
		propertyName: 'Oak Flats - 8117 Oak Blvd',
		unitName: '101',
		managerName: 'Luis Hill',
		ownersName: 'Michelle Thomas, Ana Ruiz',
		phoneNumbers: '(805) 340-4695, (805) 111-2222',
		emailAddresses: 'wei@example.com',
		settings: { color: 'blue' },
		note: null,
	});
	// in the order of `fields`; a field the record lacks is left out
	expect(Object.keys(readyFields(record, ['unit', 'rent', 'missing']))).toEqual(['unitName', 'rent']);
});
