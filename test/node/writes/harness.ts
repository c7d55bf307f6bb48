/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * One sandbox per test file for the write-capable resources. The sandbox's own create endpoints
 * are wrapped to keep each JSON body they received, so tests assert the exact request body; the
 * request log gives method, path, query and the engine headers.
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { listSearch } from '../../../nodes/shared/listSearch';
import { loadDefaultEndpoints } from '../../../sandbox/server/options';
import type { SandboxOptions } from '../../../sandbox/server/options';
import type { EndpointDef } from '../../../sandbox/types';
import type { Envelope } from '../../../nodes/shared/transport/types';
import { runNode, TestCredentialsHelper, type RunNodeOutput } from '../../support/n8n';
import { startTestSandbox, type RequestLogEntry, type TestSandbox } from '../../support/sandbox';

export interface ReceivedBody {
	path: string;
	body: IDataObject;
}

export interface WritesSandbox {
	sandbox: TestSandbox;
	/** bodies the sandbox's create endpoints received, oldest first */
	received: ReceivedBody[];
	run(
		parameters: INodeParameters,
		options?: { items?: INodeExecutionData[]; continueOnFail?: boolean; onStarted?: (execution: { cancel(): void }) => void },
	): Promise<RunNodeOutput>;
	/** API requests (not control calls) the sandbox logged since the last clear() */
	apiLog(): Promise<RequestLogEntry[]>;
	/** apiLog() without the GETs that poll a write job (the documented profile's asynchronous creates) */
	sentLog(): Promise<RequestLogEntry[]>;
	clear(): Promise<void>;
	/** all rows of a read endpoint, fetched directly until fresh (test fixtures; also warms the cache) */
	rows(path: string): Promise<IDataObject[]>;
	close(): Promise<void>;
}

function recordingEndpoints(received: ReceivedBody[]): EndpointDef[] {
	return loadDefaultEndpoints().map((endpoint) =>
		endpoint.kind === 'create'
			? {
					...endpoint,
					create(ctx, body) {
						// the hostile profile's dry run (unknown fields) is not a request of its own, unless it
						// refuses the body: then the real create never runs (reading the proxy whole is harmless then)
						if (!ctx.dryRun) received.push({ path: endpoint.path, body: structuredClone(body) as IDataObject });
						try {
							return endpoint.create(ctx, body);
						} catch (error) {
							if (ctx.dryRun) received.push({ path: endpoint.path, body: JSON.parse(JSON.stringify(body)) as IDataObject });
							throw error;
						}
					},
				}
			: endpoint,
	);
}

export const nodeType = new PropertyManagement();

export function isJobPoll(entry: RequestLogEntry): boolean {
	return entry.method === 'GET' && entry.query.jobId !== undefined;
}

export async function startWritesSandbox(
	settings: Pick<SandboxOptions, 'profile' | 'jobSeconds'> = {},
): Promise<WritesSandbox> {
	const received: ReceivedBody[] = [];
	// Rate limit off: fixtures are fetched outside the engine, whose spacing would not cover them.
	const sandbox = await startTestSandbox({
		endpoints: recordingEndpoints(received),
		rateLimit: false,
		jobSeconds: 0.05,
		...settings,
	});
	const credentials = { apiKey: sandbox.key, baseUrl: sandbox.url };
	return {
		sandbox,
		received,
		run: async (parameters, options = {}) =>
			await runNode({
				nodeType,
				parameters,
				credentials,
				items: options.items,
				continueOnFail: options.continueOnFail,
				onStarted: options.onStarted,
			}),
		apiLog: async () =>
			(await sandbox.control.log()).filter((entry) => entry.path.startsWith('/v1/')),
		sentLog: async () =>
			(await sandbox.control.log()).filter(
				(entry) => entry.path.startsWith('/v1/') && !isJobPoll(entry),
			),
		clear: async () => {
			received.length = 0;
			await sandbox.control.clearLog();
		},
		rows: async (path) => {
			const rows: IDataObject[] = [];
			let next: string | undefined = path;
			while (next) {
				// links may be absolute (hostile profile) or relative
				const response = await fetch(new URL(next, sandbox.url), {
					headers: { 'X-API-Key': sandbox.key },
				});
				const envelope = (await response.json()) as Envelope;
				if (!response.ok) throw new Error(`${next} answered ${response.status}`);
				if (envelope.meta.status !== 'ok') {
					await new Promise((resolve) => setTimeout(resolve, 30));
					continue;
				}
				rows.push(...(envelope.data ?? []));
				next = envelope.links?.next ?? undefined;
			}
			return rows;
		},
		close: async () => await sandbox.close(),
	};
}

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

/** The context n8n gives a resource locator's "From List" search in the editor. */
export function listSearchContext(
	sandbox: TestSandbox,
	parameters: INodeParameters = {},
): LoadOptionsContext {
	const node: INode = {
		id: 'node-under-test',
		name: 'Property Management',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { propertyManagementApi: { id: 'cred-1', name: 'Test credential' } },
	};
	const workflow = new Workflow({
		id: 'wf-list-search',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		},
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper({ apiKey: sandbox.key, baseUrl: sandbox.url }),
		currentNodeParameters: parameters,
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.vendorId');
}

export type ListSearchMethod = keyof typeof listSearch;

/** One page of a list search ("From List"), as the editor asks for it: the typed filter, the next page's token. */
export async function searchList(sandbox: TestSandbox, method: ListSearchMethod, filter?: string, token?: string) {
	return await listSearch[method].call(listSearchContext(sandbox), filter, token);
}
