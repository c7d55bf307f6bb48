/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The example workflows are templates (issue 47): each carries a "Set up" sticky note with its steps,
 * names its credentials neutrally, and points no node at a demo host. Each but the MCP server opens with
 * sample data pinned on its trigger and on the package's nodes (real outputs of the sandbox), so that
 * "Test workflow" runs it before any account is set up. The demo and the end-to-end tests
 * point them at the local sandbox and sinks when they import them (scripts/examples.js).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMcpServer, runStartsOf } from '../support/templates';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const examples = require('../../scripts/examples') as {
	exampleFiles(): string[];
	testWorkflowFiles(): string[];
	SLACK_PLACEHOLDER: string;
	SANDBOX_KEY: string;
	MCP_TOKEN: string;
	PLACEHOLDERS: Record<string, string>;
	WORKFLOWS: Record<string, string>;
	loadWorkflows(options?: { webhookUrl?: string; includeTestWorkflows?: boolean }): Array<{ id: string; nodes: Array<{ parameters: Record<string, unknown> }> }>;
};

interface ExampleNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

interface ExampleWorkflow {
	nodes: ExampleNode[];
	connections: Record<string, Record<string, Array<Array<{ node: string }> | null>>>;
	pinData?: Record<string, unknown>;
}

const files = examples.exampleFiles();
const workflowOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ExampleWorkflow;

test('there are the twenty-one examples', () => {
	expect(files.map((file) => path.basename(file))).toHaveLength(21);
});

const PACKAGE_NODES = ['n8n-nodes-property-management.propertyManagement', 'n8n-nodes-property-management.propertyManagementTrigger'];
const runnable = files.filter((file) => !isMcpServer(workflowOf(file)));

test('one example is an MCP server, and it pins nothing', () => {
	const servers = files.filter((file) => isMcpServer(workflowOf(file)));
	expect(servers).toHaveLength(1);
	expect(workflowOf(servers[0]).pinData ?? {}).toEqual({});
});

const isPlainObject = (value: unknown) =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** Key names that carry a credential, at any depth. */
function credentialKeys(value: unknown, found: string[] = []): string[] {
	if (Array.isArray(value)) for (const entry of value) credentialKeys(entry, found);
	else if (isPlainObject(value)) {
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
			if (/^(x-)?api[-_]?key$|^authorization$/i.test(key)) found.push(key);
			credentialKeys(entry, found);
		}
	}
	return found;
}

test.each(runnable.map((file) => [path.basename(file), file]))(
	'%s runs with "Test workflow" and no account: its trigger and every node of the package have pinned sample items',
	(_name, file) => {
		const workflow = workflowOf(file);
		const pinData = workflow.pinData ?? {};
		const working = workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
		const triggers = runStartsOf(workflow).map((node) => node.name);
		const packageNodes = working.filter((node) => PACKAGE_NODES.includes(node.type)).map((node) => node.name);
		expect(triggers.length).toBeGreaterThan(0);
		expect([...triggers, ...packageNodes].filter((name) => !(name in pinData))).toEqual([]);
		const names = workflow.nodes.map((node) => node.name);
		for (const [name, items] of Object.entries(pinData)) {
			expect(names).toContain(name);
			expect(Array.isArray(items)).toBe(true);
			expect((items as unknown[]).length).toBeGreaterThan(0);
			for (const item of items as unknown[]) {
				expect(isPlainObject(item)).toBe(true);
				expect(Object.keys(item as object)).toEqual(['json']);
				expect(isPlainObject((item as { json: unknown }).json)).toBe(true);
			}
		}
		// real outputs of the sandbox, without what pointed at it: no key, no local host, none of its ports
		const text = JSON.stringify(pinData);
		expect(credentialKeys(pinData)).toEqual([]);
		for (const secret of [examples.SANDBOX_KEY, examples.MCP_TOKEN]) expect(text).not.toContain(secret);
		expect(text).not.toMatch(/test-key-|127\.0\.0\.1|localhost|\[::1\]|:(8787|8790|2525)\b/);
		// a test run before unpinning sends mails and texts to the samples' people: none of them is real
		// (addresses at example.com, numbers in the 555-0100 to 555-0199 range kept for fiction)
		const addresses = text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
		expect(addresses.filter((address) => !/@([\w-]+\.)*example\.com$/.test(address))).toEqual([]);
		const phones = text.match(/\(\d{3}\) \d{3}-\d{4}/g) ?? [];
		expect(phones.filter((phone) => !/ 555-01\d\d$/.test(phone))).toEqual([]);
	},
);

test('the e2e suite\'s own workflows (test/e2e/workflows/) load only when asked, with their fixed ids', () => {
	const testFiles = examples.testWorkflowFiles();
	expect(testFiles.map((file) => path.basename(file))).toEqual(['every-resource.json']);
	for (const file of testFiles) expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
	const templates = examples.loadWorkflows().map((workflow) => workflow.id);
	const withTests = examples.loadWorkflows({ includeTestWorkflows: true }).map((workflow) => workflow.id);
	expect(templates).toHaveLength(files.length);
	expect(templates).not.toContain(examples.WORKFLOWS.everyResource);
	expect(withTests).toHaveLength(files.length + testFiles.length);
	expect(withTests).toContain(examples.WORKFLOWS.everyResource);
	expect(new Set(withTests).size).toBe(withTests.length);
});

test.each(files.map((file) => [path.basename(file), file]))('%s is a template: set-up note, neutral credentials, no demo host', (_name, file) => {
	const text = readFileSync(file, 'utf8');
	const nodes = (JSON.parse(text) as { nodes: ExampleNode[] }).nodes;
	const notes = nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote').map((node) => String(node.parameters.content));
	const setUp = notes.find((content) => content.startsWith('## Set up'));
	expect(setUp).toBeDefined();
	// numbered steps, the first of them the credential
	expect(setUp).toMatch(/\n1\. .*credential/);
	for (const node of nodes) {
		for (const credential of Object.values(node.credentials ?? {})) {
			expect(credential.name).not.toMatch(/sandbox|local|sink|demo|test/i);
		}
	}
	const working = nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	expect(JSON.stringify(working)).not.toMatch(/127\.0\.0\.1|localhost|sandbox|:8787|:8790|:2525/);
});

test('the demo points the Slack, SMS-gateway, CRM and task-tracker placeholders at its webhook sink', () => {
	const workflows = examples.loadWorkflows({ webhookUrl: 'http://127.0.0.1:9999' });
	const text = JSON.stringify(workflows);
	expect(Object.keys(examples.PLACEHOLDERS)).toHaveLength(6);
	for (const placeholder of Object.keys(examples.PLACEHOLDERS)) expect(text).not.toContain(placeholder);
	expect(text).toContain('http://127.0.0.1:9999/slack/bill-approvals');
	expect(text).toContain('http://127.0.0.1:9999/slack/operations');
	expect(text).toContain('http://127.0.0.1:9999/sms/messages');
	expect(text).toContain('http://127.0.0.1:9999/crm/rental-applications');
	expect(text).toContain('http://127.0.0.1:9999/crm/leads');
	expect(text).toContain('http://127.0.0.1:9999/tasks/turnover');
});
