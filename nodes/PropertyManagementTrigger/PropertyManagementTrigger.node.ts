import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { listSearch } from '../shared/listSearch';
import { eventSubtitle, triggerProperties } from './events/description';
import { runPoll } from './kernel/poll';
import { EVENT_FAMILIES } from './families';

export class PropertyManagementTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Property Management Trigger',
		name: 'propertyManagementTrigger',
		icon: {
			light: 'file:../icons/propertyManagement.svg',
			dark: 'file:../icons/propertyManagement.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: eventSubtitle(),
		description:
			'Starts the workflow when a record appears (tenant event, bill, guest card, work order, application), its status changes, or a lease end, vendor document or past-due balance comes due, in the Property Management Data Interface Service (Skywalk API for AppFolio)',
		defaults: {
			name: 'Property Management Trigger',
		},
		polling: true,
		inputs: [],
		// n8n-nodes-base only recognizes the 'main' literal, which the community rules forbid
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'propertyManagementApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await runPoll(this, EVENT_FAMILIES);
	}
}
