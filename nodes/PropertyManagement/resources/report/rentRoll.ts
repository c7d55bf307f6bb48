import type { INodeProperties } from 'n8n-workflow';
import { reportOperationFields, scopeFilters, serviceDateField } from '../../shared/descriptions';

const RENT_ROLL_OPERATIONS = ['getRentRoll', 'getRentRollItemized', 'getRentRollRecurring'];

export const rentRollFields: INodeProperties[] = reportOperationFields(
	{ resource: ['report'], operation: RENT_ROLL_OPERATIONS },
	[
		...scopeFilters(),
		serviceDateField({
			displayName: 'As-Of Date',
			name: 'date',
			description: 'Rent roll as of this date (sent as MM/DD/YYYY); today when not set',
		}),
	],
);
