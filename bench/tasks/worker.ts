import type { ApiRequest } from '../../nodes/shared/transport';
import { engineExecution } from '../lib/engine';

export interface WorkerArgs {
	baseUrl: string;
	apiKey: string;
	/** the credential's Shared by Several n8n Processes */
	sharedByProcesses: boolean;
	request: ApiRequest;
	/** pages one execution reads (every one of them is one accepted request) */
	pagesPerExecution: number;
	/** no execution starts later than this after the bench's "go" */
	seconds: number;
}

export interface WorkerResult {
	completed: number;
	failed: number;
	/** requests the service accepted for this process's completed executions: one per page */
	accepted: number;
	/** requests of completed executions, retries included */
	requests: number;
	/** messages of failed executions, each once */
	failures: string[];
	/** when the last execution ended, past the deadline */
	overrunMs: number;
}

/** A queue-mode worker: one execution after another until the time is up, each through the engine. */
export async function worker(args: WorkerArgs): Promise<WorkerResult> {
	// every process starts on the bench's "go", as workers picking up a burst of executions do
	const deadline = Date.now() + args.seconds * 1000;
	const result: WorkerResult = { completed: 0, failed: 0, accepted: 0, requests: 0, failures: [], overrunMs: 0 };
	while (Date.now() < deadline) {
		try {
			const execution = await engineExecution(
				{ apiKey: args.apiKey, baseUrl: args.baseUrl, sharedByProcesses: args.sharedByProcesses },
				args.request,
			);
			result.completed += 1;
			result.accepted += args.pagesPerExecution;
			result.requests += execution.requests;
		} catch (error) {
			result.failed += 1;
			const message = (error as Error).message;
			if (!result.failures.includes(message)) result.failures.push(message);
		}
	}
	result.overrunMs = Date.now() - deadline;
	return result;
}
