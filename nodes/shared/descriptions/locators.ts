import type {
	INodeProperties,
} from 'n8n-workflow';
import type { Show } from './show';

export interface LocatorSettings {
	displayName: string;
	/** spec name of the query (or body) parameter */
	name: string;
	/** method of listSearch/ */
	searchListMethod: string;
	description: string;
	show?: Show;
	required?: boolean;
	/** where the id goes; default query */
	sendIn?: 'query' | 'body';
}

/** A record picked "From List" (listSearch) or typed "By ID". */
export function resourceLocator(settings: LocatorSettings): INodeProperties {
	return {
		displayName: settings.displayName,
		name: settings.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: settings.required ?? false,
		description: settings.description,
		...(settings.show ? { displayOptions: { show: settings.show } } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: settings.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1024',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[^\\s]+$', errorMessage: 'An ID has no spaces' },
					},
				],
			},
		],
		routing: { send: { type: settings.sendIn ?? 'query', property: settings.name } },
	};
}
