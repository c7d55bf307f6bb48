import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

/** Polls in a row without fresh data, for the events whose state is not newRecords/state.ts's. */
export interface PollOutage {
	/** n8n's clock (epoch ms) at the first of them */
	since: number;
	polls: number;
	/** the service's last answer */
	status: string;
}

/** Both bounds must be passed before polls fail: one slow refresh or one stale answer is not an outage. */
export const OUTAGE_BOUND = { minutes: 15, polls: 3 };

export function nextOutage(previous: PollOutage | undefined, now: number, status: string): PollOutage {
	return { since: previous?.since ?? now, polls: (previous?.polls ?? 0) + 1, status };
}

/** The error a poll fails with once the outage is long (n8n then runs the error workflow); undefined before. */
export function longOutageError(ctx: IPollFunctions, outage: PollOutage, now: number, what: string): NodeOperationError | undefined {
	const minutes = Math.floor((now - outage.since) / 60_000);
	if (outage.polls < OUTAGE_BOUND.polls || minutes < OUTAGE_BOUND.minutes) return undefined;
	return new NodeOperationError(
		ctx.getNode(),
		`The service has not returned fresh ${what} for ${minutes} minutes (${outage.polls} polls in a row): its last answer was "${outage.status}"`,
		{
			description: `The service could not refresh its copy of the property-management data, so the trigger can see no ${what}. It loses none: once the data is fresh again, whatever changed meanwhile fires once. Check the service's connection to your property-management system in its dashboard.`,
		},
	);
}

/**
 * The first poll could not read what exists now: without a recorded present every later poll would
 * emit old records as new, so activation fails. `recorded` says what the trigger records first.
 */
export function startingPointError(ctx: IPollFunctions, what: string, maxWait: number, recorded: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Could not record the starting point: the service did not return fresh ${what} within ${maxWait} seconds`, {
		description: `${recorded} Activate the workflow again, or raise Options > Max Wait (Seconds).`,
	});
}
