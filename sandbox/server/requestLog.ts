import type { QueryParams } from '../types';

export interface RequestLogEntry {
	seq: number;
	/** arrival, epoch milliseconds of the real clock (the one the rate limit measures) */
	time: number;
	method: string;
	path: string;
	query: QueryParams;
	/** 0 when the connection was dropped without an answer */
	status: number;
	durationMs: number;
	/** `key#<n>` (position in the accepted keys), never the key itself; null when absent or unknown */
	key: string | null;
	hasApiKey: boolean;
	maxAge: number | null;
	processingMode: string | null;
	notifyUrl: string | null;
	fault: string | null;
}

export class RequestLog {
	private entries: RequestLogEntry[] = [];
	private nextSeq = 1;

	add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
		const stored = { seq: this.nextSeq++, ...entry };
		this.entries.push(stored);
		return stored;
	}

	since(seq = 0): RequestLogEntry[] {
		return this.entries.filter((entry) => entry.seq > seq);
	}

	/** sequence numbers keep growing, so a `since` taken before a clear stays meaningful */
	clear(): void {
		this.entries = [];
	}
}
