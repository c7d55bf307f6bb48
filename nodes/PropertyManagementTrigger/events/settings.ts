import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { maxAgeSeconds, ruledNumber, type NumberSetting } from '../../shared/transport/settings';
import { checkChoices } from './choices';
import { AFTER_PAUSE_DEFAULTS, TRIGGER_DEFAULTS, triggerProperties, type AfterPause } from './description';
import { EVENT_DEFINITIONS, type EventDefinition, type KeyOptions, type RecordEvent, type TriggerEvent } from './recordLists';
import { shortHash } from './identity';
import { DEFAULT_VENDOR_DOCUMENTS, horizonsOf, LIST_WATCHES, type ListChoices, type ListEvent } from './listWatches';
import { STATUS_WATCHES, type StatusEvent, type StatusWatch } from './statusWatches';
import { familyOf } from './eventRegistry';

export interface TriggerSettings {
	event: TriggerEvent;
	/** the list watched and how its records are told apart (a status event: the list of its records) */
	definition: EventDefinition;
	/** a status event's reads and changes; undefined for a new-record event */
	statusWatch?: StatusWatch;
	/** a status event: only these changes fire (none chosen: all) */
	statusFilter: string[];
	/** a date or threshold event's choices; undefined for the others */
	list?: ListChoices;
	/** the filters as query parameters, defaults left out */
	filterQuery: IDataObject;
	lookbackDays: number;
	/** days past today the window reaches (tenant events: the look-ahead; guest cards: a time-zone margin) */
	aheadDays: number;
	maxAge: number;
	maxWait: number;
	keyOptions: KeyOptions;
	/** what the first poll after a user re-activates a paused workflow does (kernel/poll.ts isPauseSince) */
	afterPause: AfterPause;
	/** changes when the event, a filter or what counts as the same record changes: the seen records then belong to another query */
	scope: string;
	/** the workflow's time zone: "today" is the calendar date there */
	timeZone: string;
	/** the time n8n's durable scheduler gives this poll (kernel/poll.ts); undefined where it abandons none */
	pollBudget?: PollBudget;
}

/** A poll's time under n8n's durable scheduler, epoch ms: it abandons the poll soon after `endsBy`. */
export interface PollBudget {
	startedAt: number;
	endsBy: number;
}

/** Values meaning "no filter"; leaving them out keeps the query (and the scope) minimal. */
const UNFILTERED = new Set(['', 'all', 'All']);

/** A resource locator's id, or a plain string id. */
function idOf(value: unknown): string {
	if (typeof value === 'object' && value !== null) return String((value as IDataObject).value ?? '').trim();
	return value === undefined || value === null ? '' : String(value).trim();
}

function filterQueryOf(filters: IDataObject): IDataObject {
	const query: IDataObject = {};
	for (const name of Object.keys(filters).sort()) {
		const value = filters[name];
		if (Array.isArray(value)) {
			if (value.length) query[name] = [...value].map(String).sort();
		} else if (name.endsWith('Id')) {
			const id = idOf(value);
			if (id) query[name] = id;
		} else if (!UNFILTERED.has(String(value))) {
			query[name] = String(value);
		}
	}
	return query;
}

/** A number of the trigger's parameters under its rule (numberRules.ts): left empty, the default; outside it, refused. */
function ruled(ctx: IPollFunctions, setting: NumberSetting, raw: unknown, fallback: number): number {
	const { value, refusal } = ruledNumber(setting, raw, 'it is');
	if (refusal) throw new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.description });
	return value ?? fallback;
}

/** The service counts a smaller max-age as 60: the trigger's freshness would not be what the user set. */
function maxAgeOf(ctx: IPollFunctions, raw: unknown): number {
	const { seconds, refusal } = maxAgeSeconds(raw, 'it is');
	if (refusal) throw new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.description });
	return seconds ?? TRIGGER_DEFAULTS.maxAge;
}

/** checkChoices has refused a value that is not one of the options. */
function afterPauseOf(ctx: IPollFunctions, event: TriggerEvent): AfterPause {
	return ctx.getNodeParameter('afterPause', AFTER_PAUSE_DEFAULTS[event]) as AfterPause;
}

/** Days Before, threshold and documents; each is part of the scope (settings changed: recorded again, nothing floods). */
function listChoicesOf(ctx: IPollFunctions, event: ListEvent): ListChoices {
	const watch = LIST_WATCHES[event];
	if (watch.kind === 'threshold') {
		const threshold = ruled(ctx, 'threshold', ctx.getNodeParameter('threshold', 0), 0);
		return { watch, horizons: [], threshold, documents: [] };
	}
	const text = ctx.getNodeParameter('horizonDays', '90, 60, 30');
	const horizons = horizonsOf(text);
	if (!horizons) {
		throw new NodeOperationError(ctx.getNode(), `Days Before must be whole numbers of days separated by commas, e.g. 90, 60, 30 (it is "${String(text)}")`, {
			description: 'The event fires once for each of these numbers of days before the date.',
		});
	}
	const documents = event === 'vendorDocumentExpiring' ? (ctx.getNodeParameter('documents', DEFAULT_VENDOR_DOCUMENTS) as string[]).map(String).sort() : [];
	if (event === 'vendorDocumentExpiring' && !documents.length) {
		throw new NodeOperationError(ctx.getNode(), 'Documents must name at least one document, e.g. Liability Insurance');
	}
	return { watch, horizons, threshold: 0, documents };
}

export function readSettings(ctx: IPollFunctions): TriggerSettings {
	checkChoices(ctx, triggerProperties);
	const event = ctx.getNodeParameter('event') as TriggerEvent;
	// the registry's family picks the reading; checkChoices has refused an event the registry lacks
	const family = familyOf(event);
	const statusWatch = family === 'statusChange' ? STATUS_WATCHES[event as StatusEvent] : undefined;
	const list = family === 'listChange' ? listChoicesOf(ctx, event as ListEvent) : undefined;
	const definition = list?.watch.list ?? EVENT_DEFINITIONS[statusWatch?.records ?? (event as RecordEvent)];
	const filterQuery = filterQueryOf(ctx.getNodeParameter('filters', {}) as IDataObject);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const lookahead = ruled(ctx, 'lookaheadDays', options.lookaheadDays, TRIGGER_DEFAULTS.lookaheadDays);
	const keyOptions = { dateChanges: event === 'tenantEvent' && (options.emitOnDateChange ?? TRIGGER_DEFAULTS.emitOnDateChange) === true };
	return {
		event,
		definition,
		statusWatch,
		statusFilter: statusWatch ? ((ctx.getNodeParameter('statusFilter', []) as string[]) ?? []).map(String) : [],
		list,
		filterQuery,
		lookbackDays: ruled(ctx, 'lookbackDays', options.lookbackDays, TRIGGER_DEFAULTS.lookbackDays),
		// a guest card, work order or application is stamped when it arrives; one day covers accounts ahead of UTC
		aheadDays: event === 'tenantEvent' ? lookahead : 1,
		maxAge: maxAgeOf(ctx, options.maxAge),
		maxWait: Math.floor(ruled(ctx, 'maxWait', options.maxWait, TRIGGER_DEFAULTS.maxWait)),
		keyOptions,
		afterPause: afterPauseOf(ctx, event),
		// only a non-default key option enters the scope, so the scope of existing workflows is unchanged
		scope: shortHash(
			JSON.stringify(
				list ? [event, filterQuery, list.horizons, list.threshold, list.documents] : keyOptions.dateChanges ? [event, filterQuery, 'dateChanges'] : [event, filterQuery],
			),
		),
		timeZone: ctx.getTimezone(),
	};
}
