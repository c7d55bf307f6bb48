import type { EventFamily } from './events/eventRegistry';
import type { FamilyPoller } from './kernel/poll';
import { listChangePoller } from './listChanges/listChanges';
import { newRecordPoller } from './newRecords/newRecords';
import { statusChangePoller } from './statusChanges/statusChanges';

/** Each family of the event registry and the poller its events run through. */
export const EVENT_FAMILIES: Record<EventFamily, FamilyPoller> = {
	newRecord: newRecordPoller,
	statusChange: statusChangePoller,
	listChange: listChangePoller,
};
