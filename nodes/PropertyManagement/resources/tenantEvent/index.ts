import { ALL_OPTION, dateRangeFields, listOperationFields, queryOptionsField, scopeFilters } from '../../../shared/descriptions';
import { defineResource, getMany } from '../../../shared/descriptions/resourceDefinition';

export const tenantEventResource = defineResource('Tenant Event', 'tenantEvent', [
	getMany('tenant events', {
		description: 'List move-in, move-out and notice records in a date range: who is moving in or out, and when',
		url: '/v1/tenant-events',
		fields: (show) => [
			...dateRangeFields(show, { defaultRange: 'this_month', appliesTo: 'the event date' }),
			...listOperationFields(show, [
				...scopeFilters(),
				queryOptionsField(
					{
						displayName: 'Event Types',
						name: 'eventType',
						default: ['all'],
						description: 'Kinds of events to include (several allowed)',
						options: [
							ALL_OPTION,
							{ name: 'Move-In', value: 'Move-in' },
							{ name: 'Move-Out', value: 'Move-out' },
							{ name: 'Notice', value: 'Notice' },
						],
					},
					'multiOptions',
				),
			], {
				simplify: ['occurredDate', 'event', 'property', 'unit', 'tenant', 'occupancy',
					'rent', 'moveInDate', 'moveOutDate', 'moveOutReason'],
			}),
		],
	}),
]);
