import type {
	INodeProperties,
} from 'n8n-workflow';
import { DEFAULT_DOWNLOAD_TIMEOUT_SECONDS, DEFAULT_MAX_FILE_SIZE_MB } from '../transport/reading/download';
import type { Show } from './show';
import { byDisplayName } from './order';
import { DEFAULT_FRESHNESS, DEFAULT_MAX_WAIT_SECONDS } from '../transport/settings/settings';

export interface EngineOptionsSettings {
	/** only for operations whose items carry `file.signedUrl` (or are a file) */
	download?: boolean;
	/** reports: a report cut at the default limit would silently misstate totals */
	returnAllByDefault?: boolean;
}

/** The "Options" collection the engine reads (keys of EngineOptions); no routing on purpose. */
export function engineOptions(show: Show, settings: EngineOptionsSettings = {}): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Additional Query Parameters',
			name: 'additionalQueryParameters',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parameter',
			default: {},
			description: 'Query parameters the node has no field for, sent as given',
			options: [
				{
					displayName: 'Parameter',
					name: 'parameter',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							description: "Name of the parameter as the service's documentation spells it; a row without a name is not sent",
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description: 'Value to send with it; two rows with the same name send both values',
						},
					],
				},
			],
		},
		{
			displayName: 'Allow Local or HTTP Notify URL',
			name: 'allowLocalNotifyUrl',
			type: 'boolean',
			default: false,
			displayOptions: { show: { freshness: ['notify'] } },
			description:
				'Whether to send a Notify URL that is http:// or on a loopback or private address. Only for tests through a tunnel: the service calls public HTTPS addresses only, and otherwise the workflow would wait forever.',
		},
		{
			displayName: 'Data Freshness',
			name: 'freshness',
			type: 'options',
			default: DEFAULT_FRESHNESS,
			description:
				'What to do when the data the service has is out of date or being refreshed',
			options: [
				{
					name: 'Return Cached Data',
					value: 'cached',
					description: 'Return what the service has cached right now, even if stale',
				},
				{
					name: 'Wait for Notification',
					value: 'notify',
					description:
						'Give the service the Notify URL to call when the data is ready. Outputs one item with pending = true when a notification is coming (route it to a Wait node), one with notify = "none-expected" and the reason when none will come (the last refresh did not complete), or the records at once when the data is already fresh.',
				},
				{
					name: 'Wait Until Fresh',
					value: 'wait',
					description: 'Ask again every 10 seconds until the service says the data is fresh',
				},
			],
		},
		{
			displayName: 'Include Meta',
			name: 'includeMeta',
			type: 'boolean',
			default: false,
			description:
				'Whether to add a _meta field to each item: how fresh the data is, when the service last updated it, its job ID and page',
		},
		{
			displayName: 'Max Age (Seconds)',
			name: 'maxAge',
			type: 'number',
			typeOptions: { minValue: 60 },
			default: 86400,
			description:
				'Oldest acceptable age of the data the service has; older data is refreshed first. At least 60 (the service minimum). The service may apply it up to 5 minutes either way, so it is a target, not a guarantee.',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_WAIT_SECONDS,
			description: 'How long to wait for fresh data before giving up',
		},
		{
			displayName: 'Notify URL',
			name: 'notifyUrl',
			type: 'string',
			default: '={{ $execution.resumeUrl }}',
			displayOptions: { show: { freshness: ['notify'] } },
			description:
				'Webhook address the service POSTs to when the requested data is ready. It must be HTTPS on a public address (the service\'s webhook docs); n8n builds {{ $execution.resumeUrl }} from its WEBHOOK_URL setting.',
		},
		{
			displayName: 'On Wait Timeout',
			name: 'onWaitTimeout',
			type: 'options',
			default: 'error',
			description: 'What to do when Max Wait passes before the data is fresh',
			options: [
				{ name: 'Error', value: 'error', description: 'Fail the item' },
				{
					name: 'Return Stale Data',
					value: 'returnStale',
					description: 'Return the cached data the service has',
				},
			],
		},
		{
			displayName: 'Processing Mode',
			name: 'processingMode',
			type: 'options',
			default: 'default',
			description:
				'How long the service may work on a request before it times out: a create, or a read that starts a refresh. The service docs do not say how each mode counts toward your usage: ask the service before using Longer everywhere.',
			options: [
				{ name: 'Default', value: 'default', description: '24 seconds time-out' },
				{ name: 'Longer', value: 'longer', description: '120 seconds time-out' },
			],
		},
	];
	if (settings.download) {
		options.push({
			displayName: 'Download Files',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				'Whether to download the file of each item (from its signed URL) into the binary field "data"',
		});
		options.push(
			{
				displayName: 'Download Time-Out (Seconds)',
				name: 'downloadTimeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_DOWNLOAD_TIMEOUT_SECONDS,
				description: 'With Download Files: the longest the download of one file may take; a slower one stops that item with a message',
			},
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSize',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_FILE_SIZE_MB,
				description:
					'With Download Files: a larger file stops that item with a message, checked against the file size the service gives before downloading and while reading. Unless n8n stores binary data on disk or S3, the file is held in memory.',
			},
		);
	}
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: options.sort(byDisplayName),
	};
}

/** A create's options: freshness and paging mean nothing to a write; Max Wait bounds its job. */
const WRITE_OPTION_NAMES = ['includeMeta', 'maxWait', 'processingMode'];

export function writeOptions(show: Show): INodeProperties {
	const collection = engineOptions(show);
	const options = (collection.options as INodeProperties[])
		.filter((option) => WRITE_OPTION_NAMES.includes(option.name))
		.map((option) =>
			option.name === 'maxWait'
				? {
						...option,
						description:
							'How long to wait for the service to finish an accepted create (it may answer with a job to poll) before giving up',
					}
				: option,
		);
	return { ...collection, options };
}
