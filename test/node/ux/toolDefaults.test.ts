/**
 * The node as an AI-agent tool (n8n names it `propertyManagementTool`): where the user left them
 * unset, a list returns simplified records, a report one page rather than every row, and a stale
 * cache is waited on for 20 s, then returned, instead of the node's 300 s. Run through n8n-core
 * against the sandbox.
 */
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { SIMPLIFIED_FIELDS } from './simplifiedFields';
import { TOOL_OPTIONS } from '../../../nodes/shared/transport/settings/toolDefaults';
import { runNode } from '../../support/n8n';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const tool = new PropertyManagement();
tool.description = { ...tool.description, name: 'propertyManagementTool' };
const plain = new PropertyManagement();

let sandbox: TestSandbox;
beforeAll(async () => {
	sandbox = await startTestSandbox({ jobSeconds: 0.05 });
});
afterAll(async () => await sandbox.close());

const credentials = () => ({ apiKey: sandbox.key, baseUrl: sandbox.url });
const tenants = { resource: 'tenant', operation: 'getAll' };

test('as a tool, Get Many returns one page of simplified records; the same node outside an agent returns full ones', async () => {
	const asTool = await runNode({ nodeType: tool, parameters: tenants, credentials: credentials() });
	const asNode = await runNode({ nodeType: plain, parameters: tenants, credentials: credentials() });
	expect(asTool.error).toBeUndefined();
	expect(asTool.items).toHaveLength(50);
	expect(asNode.items).toHaveLength(50);
	for (const [index, item] of asTool.items.entries()) {
		const kept = SIMPLIFIED_FIELDS['tenant:getAll'];
		expect(Object.keys(item.json).every((key) => kept.includes(key) || kept.includes(key.replace(/Name$/, '')))).toBe(true);
		expect(item.json.upstreamId).toBe(asNode.items[index].json.upstreamId);
	}
	expect(Object.keys(asNode.items[0].json).length).toBeGreaterThan(10);
});

test('as a tool, a report returns one page (Limit) instead of every row', async () => {
	const parameters = { resource: 'report', operation: 'getRentRoll' };
	const asTool = await runNode({ nodeType: tool, parameters, credentials: credentials() });
	const asNode = await runNode({ nodeType: plain, parameters, credentials: credentials() });
	expect(asTool.error).toBeUndefined();
	expect(asTool.items).toHaveLength(50);
	expect(asNode.items.length).toBeGreaterThan(50);
	expect(asTool.items.map((item) => item.json.occupancyId)).toEqual(asNode.items.slice(0, 50).map((item) => item.json.occupancyId));
});

test('as a tool, what the user sets wins: Limit 3 and Output Raw', async () => {
	const run = await runNode({ nodeType: tool, parameters: { ...tenants, limit: 3, output: 'raw' }, credentials: credentials() });
	expect(run.items).toHaveLength(3);
	expect(Object.keys(run.items[0].json).length).toBeGreaterThan(10);
});

test("as a tool, Output Selected Fields returns the fields listed and the record's id", async () => {
	const parameters = { ...tenants, limit: 3, output: 'selected', fieldsToReturn: ' status, unitName ,nonexistent' };
	const run = await runNode({ nodeType: tool, parameters, credentials: credentials() });
	const raw = await runNode({ nodeType: plain, parameters: { ...tenants, limit: 3 }, credentials: credentials() });
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(3);
	const id = SIMPLIFIED_FIELDS['tenant:getAll'][0];
	run.items.forEach((item, index) => {
		const expected = Object.fromEntries([id, 'status', 'unitName'].filter((field) => field in raw.items[index].json).map((field) => [field, raw.items[index].json[field]]));
		expect(item.json).toEqual(expected);
		expect(item.json[id]).toBeDefined();
	});
});

test('the tool form offers Output (Simplified, Raw, Selected Fields) where the node offers Simplify', () => {
	const properties = new PropertyManagement().description.properties;
	const outputs = properties.filter((property) => property.name === 'output');
	const toggles = properties.filter((property) => property.name === 'simplify');
	expect(outputs).toHaveLength(toggles.length);
	for (const output of outputs) {
		expect(output.displayOptions?.show?.['@tool']).toEqual([true]);
		expect((output.options as Array<{ value: string }>).map((option) => option.value)).toEqual(['simplified', 'raw', 'selected']);
	}
	toggles.forEach((toggle) => expect(toggle.displayOptions?.show?.['@tool']).toEqual([false]));
});

test('as a tool, a refresh that takes 120 s is waited on for 20 s, then the cached rows come back', async () => {
	await runNode({ nodeType: plain, parameters: { ...tenants, limit: 5 }, credentials: credentials() });
	await sandbox.control.config({ jobSeconds: 120 });
	await sandbox.control.expire('/v1/tenants');
	await sandbox.control.clearLog();
	const run = await runNode({
		nodeType: tool,
		parameters: { ...tenants, limit: 5, options: { includeMeta: true } },
		credentials: credentials(),
	});
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(5);
	expect(run.items[0].json._meta).toMatchObject({ status: expect.stringMatching(/stale|updating/) });
	const polls = (await sandbox.control.log()).filter((entry) => entry.path === '/v1/tenants');
	// first look, then one look every 10 s while within 20 s: never the 30 looks of the node's 300 s
	expect(polls.length).toBeGreaterThanOrEqual(2);
	expect(polls.length).toBeLessThanOrEqual(3);
	const waitedSeconds = (polls[polls.length - 1].time - polls[0].time) / 1000;
	expect(waitedSeconds).toBeLessThanOrEqual(TOOL_OPTIONS.maxWait);
}, 90_000);
