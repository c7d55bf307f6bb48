/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The example workflows are templates (issue 47): each carries a "Set up" sticky note with its steps,
 * names its credentials neutrally, and points no node at a demo host. The demo and the end-to-end tests
 * point them at the local sandbox and sinks when they import them (scripts/examples.js).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const examples = require('../../scripts/examples') as {
	exampleFiles(): string[];
	testWorkflowFiles(): string[];
	SLACK_PLACEHOLDER: string;
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

const files = examples.exampleFiles();

test('there are the fourteen examples', () => {
	expect(files.map((file) => path.basename(file))).toHaveLength(14);
});

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

test('the demo points the Slack, SMS-gateway and CRM placeholders at its webhook sink', () => {
	const workflows = examples.loadWorkflows({ webhookUrl: 'http://127.0.0.1:9999' });
	const text = JSON.stringify(workflows);
	expect(Object.keys(examples.PLACEHOLDERS)).toHaveLength(4);
	for (const placeholder of Object.keys(examples.PLACEHOLDERS)) expect(text).not.toContain(placeholder);
	expect(text).toContain('http://127.0.0.1:9999/slack/bill-approvals');
	expect(text).toContain('http://127.0.0.1:9999/slack/operations');
	expect(text).toContain('http://127.0.0.1:9999/sms/messages');
	expect(text).toContain('http://127.0.0.1:9999/crm/rental-applications');
});
