import type { WriteAcceptedStatus } from '../server/options';
import { draw } from './draw';

/**
 * Asynchronous creates (sandbox/README.md, "Hostile profile"): the spec shows a create answered with the
 * record; the public docs ("Writing Data") a create answered with a job id, the record coming on a GET of
 * the same path with `jobId`. The hostile profile plays the docs' reading for a seeded share of creates
 * (drawn from the path and the body), together with its other points: the POST answers 201 or 200 with
 * `meta.status` `ok` or `updating` (the docs give none), and the record a job poll brings back may carry
 * nulls. A body the create refuses is still refused at once with a 400 (the spec's reading); job polls
 * count against the rate limit like any request, 429s without Retry-After included.
 */
export const ASYNC_WRITE_SHARE = 0.3;

export function writesAsJob(seed: number, path: string, body: unknown): boolean {
	return draw(seed, 'write-job', path, JSON.stringify(body ?? null)) < ASYNC_WRITE_SHARE;
}

export function jobAcceptedStatus(seed: number, path: string, body: unknown): WriteAcceptedStatus {
	return draw(seed, 'write-job-status', path, JSON.stringify(body ?? null)) < 0.5 ? 'updating' : 'ok';
}
