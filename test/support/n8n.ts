/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * Runs nodes through n8n-core's real execution: WorkflowExecute (RoutingNode for declarative nodes)
 * and PollContext for triggers. Only the credential store and binary storage are test doubles.
 */
import { Container } from '@n8n/di';
import { BinaryDataService, ExecutionLifecycleHooks, PollContext, RoutingNode, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IPollFunctions,
	type IRun,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { PropertyManagementApi } from '../../credentials/PropertyManagementApi.credentials';

export interface TestCredentials {
	apiKey: string;
	baseUrl: string;
	/** the credential's Shared by Several n8n Processes */
	sharedByProcesses?: boolean;
}

export const NODE_NAME = 'Property Management';
const START_NODE_NAME = 'Start';
const START_NODE_TYPE = 'test.start';
export const WAITING_BASE_URL = 'http://n8n.test/webhook-waiting';

const credentialTypes: Record<string, ICredentialType> = {
	propertyManagementApi: new PropertyManagementApi(),
};

/** Applies a credential class's generic `authenticate` through the workflow's expression engine. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		const resolve = (value: unknown) =>
			workflow.expression.getParameterValue(
				value as string,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				{ $credentials: credentials },
			);
		const { headers, qs, body, auth } = authenticate.properties;
		const resolved = { ...requestOptions };
		if (headers) resolved.headers = { ...resolved.headers, ...(resolve(headers) as IDataObject) };
		if (qs) resolved.qs = { ...resolved.qs, ...(resolve(qs) as IDataObject) };
		if (body) resolved.body = { ...(resolved.body as IDataObject), ...(resolve(body) as IDataObject) };
		if (auth) resolved.auth = resolve(auth) as IHttpRequestOptions['auth'];
		return resolved;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by the engine');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		// n8n reads the credential from its database: other work of the process may run before the
		// request leaves (test/load/spacingUnderLoad.test.ts relies on that turn of the event loop)
		await new Promise((resolve) => setImmediate(resolve));
		return { ...this.data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}

let binaryStorageReady = false;
/** Without a storage manager n8n-core keeps binary data inline (base64), as in "default" mode. */
function useInMemoryBinaryData() {
	if (binaryStorageReady) return;
	const quietLogger = { debug() {}, info() {}, warn() {}, error() {}, scoped: () => quietLogger };
	Container.set(
		BinaryDataService,
		new BinaryDataService(
			{ mode: 'default' } as never,
			{ error() {}, warn() {}, info() {} } as never,
			quietLogger as never,
		),
	);
	binaryStorageReady = true;
}

let executionCounter = 0;
function additionalDataFor(credentials: TestCredentials): IWorkflowExecuteAdditionalData {
	executionCounter += 1;
	const notUsed = async () => {
		throw new Error('not available in tests');
	};
	return {
		credentialsHelper: new TestCredentialsHelper({ ...credentials }),
		executeWorkflow: notUsed,
		getRunExecutionData: async () => undefined,
		executionId: `test-${executionCounter}`,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://n8n.test/rest',
		instanceBaseUrl: 'http://n8n.test',
		formWaitingBaseUrl: 'http://n8n.test/form-waiting',
		webhookBaseUrl: 'http://n8n.test/webhook',
		webhookWaitingBaseUrl: WAITING_BASE_URL,
		webhookTestBaseUrl: 'http://n8n.test/webhook-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notUsed,
	} as unknown as IWorkflowExecuteAdditionalData;
}

function startNodeType(items: INodeExecutionData[]): INodeType {
	return {
		description: {
			displayName: 'Start',
			name: START_NODE_TYPE,
			group: ['input'],
			version: 1,
			description: 'Emits the test input items',
			defaults: { name: START_NODE_NAME },
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			return [items.map((item) => ({ ...item }))];
		},
	};
}

/**
 * n8n's own NodeTypes (packages/cli node-types.ts) gives a declarative node an `execute` that runs
 * RoutingNode with the execution's context, which carries the cancel signal; without it
 * WorkflowExecute falls back to its test path, whose context has none. Done the same way here.
 */
function asN8nLoadsIt(nodeType: INodeType): INodeType {
	const declarative = nodeType.description.requestDefaults !== undefined;
	if (!declarative || nodeType.execute || nodeType.poll || nodeType.trigger) return nodeType;
	return Object.create(nodeType, {
		execute: {
			value: async function (this: IExecuteFunctions) {
				return (await new RoutingNode(this as ConstructorParameters<typeof RoutingNode>[0], nodeType).runNode()) ?? [];
			},
		},
	}) as INodeType;
}

function nodeTypesOf(declared: Record<string, INodeType>): INodeTypes {
	const types = Object.fromEntries(Object.entries(declared).map(([name, type]) => [name, asN8nLoadsIt(type)]));
	return {
		getByName: (name) => types[name],
		getByNameAndVersion: (name) => types[name],
		getKnownTypes: () => ({}),
	};
}

function ourNode(nodeType: INodeType, parameters: INodeParameters, continueOnFail = false): INode {
	return {
		id: 'node-under-test',
		name: NODE_NAME,
		type: nodeType.description.name,
		typeVersion: Array.isArray(nodeType.description.version)
			? Math.max(...nodeType.description.version)
			: nodeType.description.version,
		position: [200, 0],
		parameters,
		credentials: { propertyManagementApi: { id: 'cred-1', name: 'Test credential' } as INodeCredentialsDetails },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const, continueOnFail: true } : {}),
	};
}

export interface RunNodeInput {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: TestCredentials;
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** called once the execution runs, with n8n's own handle: `cancel()` is what "Stop" does */
	onStarted?: (execution: { cancel(): void }) => void;
}

export interface RunNodeOutput {
	items: INodeExecutionData[];
	/** the node's error when the execution failed */
	error?: Error & { description?: string | null; context?: IDataObject; httpCode?: string | null };
	run: IRun;
}

/** Executes `Start → our node` through WorkflowExecute; safe to call concurrently. */
export async function runNode(input: RunNodeInput): Promise<RunNodeOutput> {
	useInMemoryBinaryData();
	const items = input.items ?? [{ json: {} }];
	const start: INode = {
		id: 'start',
		name: START_NODE_NAME,
		type: START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = ourNode(input.nodeType, input.parameters, input.continueOnFail);
	const workflow = new Workflow({
		id: 'wf-test',
		name: 'test',
		nodes: [start, node],
		connections: { [START_NODE_NAME]: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: nodeTypesOf({
			[START_NODE_TYPE]: startNodeType(items),
			[input.nodeType.description.name]: input.nodeType,
		}),
		settings: { executionOrder: 'v1' },
	});
	const mode: WorkflowExecuteMode = 'manual';
	const additionalData = additionalDataFor(input.credentials);
	additionalData.hooks = new ExecutionLifecycleHooks(mode, additionalData.executionId!, {
		id: workflow.id,
		name: workflow.name ?? 'test',
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [start, node],
		connections: workflow.connectionsBySourceNode,
	} as never);
	const execution = new WorkflowExecute(additionalData, mode).run({
		workflow,
		startNode: start,
	});
	input.onStarted?.(execution);
	const run = await execution;
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const output = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunNodeOutput['error'];
	return { items: output, error, run };
}

export interface RunPollInput {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: TestCredentials;
	/** the workflow's whole static data (as persisted between activations) */
	staticData?: IDataObject;
	mode?: 'trigger' | 'manual';
	activation?: WorkflowActivateMode;
	/** the workflow's time zone setting (n8n's default otherwise: America/New_York) */
	timezone?: string;
	/** the workflow's id (default `wf-poll`): polls of different ids may run at once (the trigger refuses a second poll of one node) */
	workflowId?: string;
	/**
	 * n8n 2.41's getPollBudgetMs, which its PollContext adds (the n8n-core the tests build on is older):
	 * the durable scheduler's time for a poll, 36 s at its defaults
	 */
	pollBudgetMs?: number;
}

export interface RunPollOutput {
	items: INodeExecutionData[][] | null;
	/** static data after the poll, JSON round-tripped like n8n's database would */
	staticData: IDataObject;
}

/** One poll through n8n-core's PollContext. */
export async function runPoll(input: RunPollInput): Promise<RunPollOutput> {
	useInMemoryBinaryData();
	if (!input.nodeType.poll) throw new Error(`${input.nodeType.description.name} has no poll()`);
	const node = ourNode(input.nodeType, input.parameters);
	const workflow = new Workflow({
		id: input.workflowId ?? 'wf-poll',
		name: 'poll test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf({ [input.nodeType.description.name]: input.nodeType }),
		staticData: JSON.parse(JSON.stringify(input.staticData ?? {})) as IDataObject,
		settings: { executionOrder: 'v1', ...(input.timezone ? { timezone: input.timezone } : {}) },
	});
	const context = new PollContext(
		workflow,
		node,
		additionalDataFor(input.credentials),
		input.mode ?? 'trigger',
		input.activation ?? 'activate',
	);
	const budget = input.pollBudgetMs;
	if (budget !== undefined) Object.assign(context, { getPollBudgetMs: () => budget });
	const items = await input.nodeType.poll.call(context as unknown as IPollFunctions);
	return {
		items,
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}
