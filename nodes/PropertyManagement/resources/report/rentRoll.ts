import type { INodeProperties } from 'n8n-workflow';
import {
	queryStringField,
	scopeFilters,
	serviceDateField,
} from '../../../shared/descriptions';
import { reportFields } from './simplified';

const asOfDate = () =>
	serviceDateField({
		displayName: 'As-Of Date',
		name: 'date',
		description: 'Rent roll as of this date (sent as MM/DD/YYYY); today when not set',
	});

export const rentRollFields: INodeProperties[] = [
	...reportFields(
		{ resource: ['report'], operation: ['getRentRoll', 'getRentRollItemized'] },
		[...scopeFilters(), asOfDate()],
	),
	...reportFields({ resource: ['report'], operation: ['getRentRollRecurring'] }, [
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
