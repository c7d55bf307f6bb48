/**
 * What one exchange produced, and which failures a repeat of the request may get past. The retry
 * policy (sending/) and the errors of every stage both read them, so they sit under both.
 */

/** What one HTTP exchange produced, before any interpretation of the envelope. */
export type ExchangeOutcome =
	| { kind: 'response'; status: number; body: unknown; retryAfterSeconds?: number }
	| { kind: 'malformed'; status: number }
	| { kind: 'network'; code: string; timedOut: boolean; detail?: string }
	/** a TLS certificate the client did not accept: nothing was sent, and every attempt meets the same certificate */
	| { kind: 'certificate'; code: string; reason: string; host: string };

export function isRetryableFailure(outcome: ExchangeOutcome): boolean {
	if (outcome.kind === 'certificate') return false;
	if (outcome.kind === 'network' || outcome.kind === 'malformed') return true;
	return outcome.status >= 500;
}
