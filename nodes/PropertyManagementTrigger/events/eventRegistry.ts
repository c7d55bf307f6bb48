import type { TriggerEvent } from './recordLists';

/**
 * The trigger's events, one entry each: the registry the description (description.ts) and the settings
 * (settings.ts) are derived from. A new event is one entry here, plus its family's reading if it is a
 * new kind of list (CONTRIBUTING.md, "Adding a trigger event").
 *
 * Families: `newRecord` fires once per record that appears (recordLists.ts defines its list and identity),
 * `statusChange` when a record's status moves on (statusWatches.ts), `listChange` when a date comes
 * close or an amount rises above a threshold in a list read whole (listWatches.ts).
 */
export type EventFamily = 'newRecord' | 'statusChange' | 'listChange';

/** What the first poll does when a user activates the workflow again after a pause (docs/trigger.md "After a pause"). */
export type AfterPause = 'emitWhatArrived' | 'startFromNow';

export interface EventEntry {
	value: TriggerEvent;
	family: EventFamily;
	/** the option's label in Trigger On */
	name: string;
	/** the option's description in Trigger On */
	description: string;
	/**
	 * After a Pause's default. A move-in welcome or a lead's first reply weeks late is worse than none; a
	 * bill is owed, a repair still has to be done, an application still waits for its decision, a lease
	 * still ends whatever happened to the workflow, so those are still handed on.
	 */
	afterPause: AfterPause;
	/** the notice under Trigger On: what fires, and what does not, in two short sentences (docs/trigger.md has the details) */
	notice: string;
	/** whether Options → Lookback (Days) applies (the events that read dated windows) */
	lookback: boolean;
}

/** In the order Trigger On lists them (by name). */
export const EVENT_REGISTRY: readonly EventEntry[] = [
	{
		value: 'billPaidOrApproved',
		family: 'statusChange',
		name: 'Bill Approved or Paid',
		description: 'An unpaid bill is approved or paid',
		afterPause: 'emitWhatArrived',
		notice: 'Fires once for each approval or payment of a bill that was unpaid when the workflow was activated or entered later. A bill entered already paid does not fire.',
		lookback: false,
	},
	{
		value: 'bill',
		family: 'newRecord',
		name: 'Bill Created',
		description: 'A bill appears, by bill date',
		afterPause: 'emitWhatArrived',
		notice: 'Fires once per new bill, also one dated before Lookback while it is unpaid. A bill entered already paid with an old date does not fire.',
		lookback: true,
	},
	{
		value: 'guestCard',
		family: 'newRecord',
		name: 'Guest Card Created',
		description: 'A guest card (lead) appears, by received date',
		afterPause: 'startFromNow',
		notice: 'Fires once per new guest card. Cards received more than Lookback (Days) ago, such as imported old leads, do not fire.',
		lookback: true,
	},
	{
		value: 'leaseEnding',
		family: 'listChange',
		name: 'Lease End Approaching',
		description: "A current lease's end comes within the days you set (e.g. 90, 60, 30)",
		afterPause: 'emitWhatArrived',
		notice: 'Fires once per lease for each number of days before its end. Leases already that close when the workflow is activated do not fire; a renewal fires again.',
		lookback: false,
	},
	{
		value: 'rentPastDue',
		family: 'listChange',
		name: 'Rent Past Due',
		description: "A tenant's past-due balance rises above an amount",
		afterPause: 'emitWhatArrived',
		notice: "Fires when a tenant's past-due balance rises above the amount; again only after it has been paid down to the amount. Tenants already above it at activation do not fire.",
		lookback: false,
	},
	{
		value: 'rentalApplication',
		family: 'newRecord',
		name: 'Rental Application Created',
		description: 'A rental application arrives, by received date',
		afterPause: 'emitWhatArrived',
		notice: 'Fires once per new rental application. Applications received more than Lookback (Days) ago do not fire.',
		lookback: true,
	},
	{
		value: 'applicationDecided',
		family: 'statusChange',
		name: 'Rental Application Decided',
		description: 'A rental application is approved, denied or canceled',
		afterPause: 'emitWhatArrived',
		notice: 'Fires once when an application waiting for a decision is approved, denied or canceled. An application entered already decided does not fire.',
		lookback: false,
	},
	{
		value: 'tenantEvent',
		family: 'newRecord',
		name: 'Tenant Event Created',
		description: 'A move-in, move-out or notice appears, by the date it occurs',
		afterPause: 'startFromNow',
		notice: 'Fires once per move-in, move-out or notice. One recorded more than Lookback (Days) after its date does not fire.',
		lookback: true,
	},
	{
		value: 'vendorDocumentExpiring',
		family: 'listChange',
		name: 'Vendor Document Expiring',
		description: "A vendor's insurance, license or contract expiry comes within the days you set",
		afterPause: 'emitWhatArrived',
		notice: 'Fires once per vendor and document for each number of days before it expires. Documents already that close at activation do not fire; a renewed one fires again.',
		lookback: false,
	},
	{
		value: 'workOrder',
		family: 'newRecord',
		name: 'Work Order Created',
		description: 'A maintenance work order is created, by created date',
		afterPause: 'emitWhatArrived',
		notice: 'Fires once per new work order; its later status changes do not. Orders created more than Lookback (Days) ago, such as imported ones, do not fire.',
		lookback: true,
	},
	{
		value: 'workOrderStatus',
		family: 'statusChange',
		name: 'Work Order Status Changed',
		description: 'An open work order moves to another status (e.g. Scheduled, Completed)',
		// a tenant texted that the repair is scheduled weeks after it was done is worse than no text
		afterPause: 'startFromNow',
		notice: 'Fires once for each status change of an open work order. An order created and closed between two checks does not fire.',
		lookback: false,
	},
];

/** The events of one family. */
export function eventsOf(family: EventFamily): TriggerEvent[] {
	return EVENT_REGISTRY.filter((entry) => entry.family === family).map((entry) => entry.value);
}

/** The family of an event Trigger On offers; undefined for any other value (choices.ts refuses those first). */
export function familyOf(event: string): EventFamily | undefined {
	return EVENT_REGISTRY.find((entry) => entry.value === event)?.family;
}
