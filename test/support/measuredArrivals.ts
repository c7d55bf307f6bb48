/**
 * How long after the moment the clock grid planned a send the request reached the service, in ms,
 * measured: the 5th to the 95th percentile in steps of 5 over 206 requests of 4 bench worker
 * processes on one key (the `workers` row's shape, 180 s with the setting on, the 2-core machine,
 * 2026-11-27; each process's plans traced, matched with the sandbox's log by slot and outcome, so a
 * slot with several requests of one outcome pairs each with each and widens the tails). The timer's own
 * lateness was about 1 ms (1.5 ms for nine in ten); most of the rest is n8n's request helper between
 * the turn and the wire, on a loaded machine. Real n8n 2.41.1 workers in the queue-mode test land in
 * the same range (docs/queue-mode.md, "Timing noise at the wire").
 */
export const MEASURED_SEND_TO_ARRIVAL_MS: readonly number[] = [
	3, 3.5, 3.5, 4, 4, 4, 4, 4.5, 5, 5, 5, 5.5, 6, 6, 6.5, 7, 7.5, 8.5, 10.5,
];
