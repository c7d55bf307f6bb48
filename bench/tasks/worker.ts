import type { ApiRequest } from '../../nodes/PropertyManagement/shared/transport';
import { engineExecution } from '../lib/engine';

export interface WorkerArgs {
	baseUrl: string;
	apiKey: string;
	request: ApiRequest;
	seconds: number;
}

/** A queue-mode worker: one execution after another until the time is up, each through the engine. */
export async function worker(args: WorkerArgs) {
	const deadline = Date.now() + args.seconds * 1000;
	let completed = 0;
	let failed = 0;
	while (Date.now() < deadline) {
		try {
			await engineExecution({ apiKey: args.apiKey, baseUrl: args.baseUrl }, args.request);
			completed += 1;
		} catch {
			failed += 1;
		}
	}
	return { completed, failed, overrunMs: Date.now() - deadline };
}
