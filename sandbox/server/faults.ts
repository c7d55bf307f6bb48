import { HttpError } from '../types';

export const FAULT_TYPES = ['500', '429', 'slow', 'malformed', 'drop'] as const;
export type FaultType = (typeof FAULT_TYPES)[number];

export interface FaultSpec {
	type: FaultType;
	count: number;
	/** path prefix; API paths (/v1) when absent */
	path?: string;
	delayMs?: number;
	retryAfter?: number;
}

interface PendingFault extends FaultSpec {
	remaining: number;
}

const DEFAULT_PATH = '/v1';
const DEFAULT_SLOW_MS = 2000;

/** Faults armed through the control API, consumed first-in first-out by matching requests. */
export class FaultQueue {
	private pending: PendingFault[] = [];

	add(input: unknown): FaultSpec {
		const spec = parseFaultSpec(input);
		this.pending.push({ ...spec, remaining: spec.count });
		return spec;
	}

	take(path: string): FaultSpec | undefined {
		const fault = this.pending.find((candidate) => path.startsWith(candidate.path ?? DEFAULT_PATH));
		if (!fault) return undefined;
		fault.remaining -= 1;
		if (fault.remaining <= 0) this.pending = this.pending.filter((candidate) => candidate !== fault);
		return fault;
	}

	list(): Array<FaultSpec & { remaining: number }> {
		return this.pending.map((fault) => ({ ...fault }));
	}

	clear(): void {
		this.pending = [];
	}
}

export function slowDelayMs(fault: FaultSpec): number {
	return fault.delayMs ?? DEFAULT_SLOW_MS;
}

function parseFaultSpec(input: unknown): FaultSpec {
	const body = (input ?? {}) as Record<string, unknown>;
	const type = String(body.type) as FaultType;
	if (!FAULT_TYPES.includes(type)) throw new HttpError(400, `type must be one of ${FAULT_TYPES.join(', ')}`, 'type');
	const count = body.count === undefined ? 1 : Number(body.count);
	if (!Number.isInteger(count) || count < 1) throw new HttpError(400, 'count must be a positive integer', 'count');
	const spec: FaultSpec = { type, count };
	if (body.path !== undefined) spec.path = String(body.path);
	if (body.delayMs !== undefined) spec.delayMs = nonNegative(body.delayMs, 'delayMs');
	if (body.retryAfter !== undefined) spec.retryAfter = nonNegative(body.retryAfter, 'retryAfter');
	return spec;
}

function nonNegative(value: unknown, field: string): number {
	const number = Number(value);
	if (!Number.isFinite(number) || number < 0) throw new HttpError(400, `${field} must be a non-negative number`, field);
	return number;
}
