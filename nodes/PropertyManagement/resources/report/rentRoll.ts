import type { INodeProperties } from 'n8n-workflow';
import {
	queryStringField,
	reportOperationFields,
	scopeFilters,
	serviceDateField,
} from '../../shared/descriptions';

const asOfDate = () =>
	serviceDateField({
		displayName: 'As-Of Date',
		name: 'date',
		description: 'Rent roll as of this date (sent as MM/DD/YYYY); today when not set',
	});

export const rentRollFields: INodeProperties[] = [
	...reportOperationFields(
		{ resource: ['report'], operation: ['getRentRoll', 'getRentRollItemized'] },
		[...scopeFilters(), asOfDate()],
	),
	...reportOperationFields({ resource: ['report'], operation: ['getRentRollRecurring'] }, [
		...scopeFilters(),
		asOfDate(),
		queryStringField({
			displayName: 'GL Account IDs',
			name: 'glAccountIds',
			default: '',
			placeholder: 'e.g. 12,19',
			description: 'Only recurring charges to these GL accounts (comma-separated IDs)',
		}),
	]),
];
