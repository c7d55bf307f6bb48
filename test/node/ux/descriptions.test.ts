/**
 * n8n's UX guidelines over every parameter the package shows: placeholders of input fields start
 * with "e.g.", nothing the user sees points at the local sandbox, actions read without articles and
 * the canvas subtitles read as words.
 */
import { Expression, type INodeProperties, type INodePropertyCollection, type INodePropertyMode, type INodePropertyOptions } from 'n8n-workflow';
import { PropertyManagementApi } from '../../../credentials/PropertyManagementApi.credentials';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { PropertyManagementTrigger } from '../../../nodes/PropertyManagementTrigger/PropertyManagementTrigger.node';
import { RESOURCES } from '../../../nodes/PropertyManagement/resources';
import { canvasSubtitle } from '../../../nodes/shared/descriptions/resourceDefinition';

type Shown = { path: string; placeholder?: string; type?: string };

/** Every parameter, collection entry and resource-locator mode, with the path a user would click. */
function everyParameter(properties: INodeProperties[], parent = ''): Shown[] {
	const shown: Shown[] = [];
	for (const property of properties) {
		const path = `${parent}${property.displayName}`;
		shown.push({ path, placeholder: property.placeholder as string | undefined, type: property.type });
		for (const mode of (property.modes ?? []) as INodePropertyMode[]) {
			shown.push({ path: `${path} › ${mode.displayName}`, placeholder: mode.placeholder, type: mode.type });
		}
		for (const option of (property.options ?? []) as Array<INodeProperties | INodePropertyCollection>) {
			if ('type' in option) shown.push(...everyParameter([option as INodeProperties], `${path} › `));
			else if ('values' in option) shown.push(...everyParameter(option.values, `${path} › ${option.displayName} › `));
		}
	}
	return shown;
}

/** Collections and fixed collections use the placeholder as the label of their "Add …" button. */
const BUTTON_TYPES = new Set(['collection', 'fixedCollection']);

const described = {
	'Property Management': new PropertyManagement().description.properties,
	'Property Management Trigger': new PropertyManagementTrigger().description.properties,
	'Property Management API credential': new PropertyManagementApi().properties,
};

test.each(Object.entries(described))('every input placeholder of %s starts with "e.g."', (_name, properties) => {
	const inputs = everyParameter(properties).filter((entry) => entry.placeholder !== undefined && !BUTTON_TYPES.has(entry.type ?? ''));
	expect(inputs.length).toBeGreaterThan(0);
	const offending = inputs.filter((entry) => !entry.placeholder!.startsWith('e.g. ')).map((entry) => `${entry.path}: ${entry.placeholder}`);
	expect(offending).toEqual([]);
});

test("the credential's Base URL defaults to the service's public address; no sandbox wording, a documentation URL", () => {
	const credential = new PropertyManagementApi();
	const baseUrl = credential.properties.find((property) => property.name === 'baseUrl')!;
	// the Skywalk API's documented root is https://api.skywalkapi.com/v1/: the paths carry /v1
	expect(baseUrl.default).toBe('https://api.skywalkapi.com');
	expect(baseUrl.placeholder).toBe('e.g. https://api.skywalkapi.com');
	// the http:// warning's condition names local hosts on purpose: they are where it stays quiet
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest leaves this field out on purpose
	const shown = { ...credential, properties: credential.properties.map(({ displayOptions: _condition, ...property }) => property) };
	expect(JSON.stringify(shown)).not.toMatch(/sandbox|127\.0\.0\.1|localhost/i);
	expect(credential.documentationUrl).toMatch(/^https:\/\//);
});

test('no node description mentions the sandbox', () => {
	for (const [name, properties] of Object.entries(described)) {
		expect({ name, mentions: JSON.stringify(properties).match(/sandbox/gi) ?? [] }).toEqual({ name, mentions: [] });
	}
});

/** n8n's UX guidelines: actions in sentence case without articles ("Get bill", not "Get a bill"). */
test('every action of the node reads without an article, in sentence case', () => {
	const actions = RESOURCES.flatMap((resource) => {
		const selector = resource.properties.find((property) => property.name === 'operation');
		return ((selector?.options ?? []) as INodePropertyOptions[]).map((option) => String(option.action));
	});
	expect(actions.length).toBeGreaterThanOrEqual(40);
	for (const action of actions) {
		expect(action).not.toMatch(/\b(a|an|the)\b/i);
		expect(action).toMatch(/^[A-Z][a-z]+( [a-z0-9]+| [A-Z]{2,}\b[a-z ]*)*$/);
	}
});

test('the canvas subtitles read as a person would: "Get Many: Tenant", "On tenant event created"', () => {
	const nodeSubtitle = new PropertyManagement().description.subtitle as string;
	// the literal in the node is the registry's labels written out (n8n's lint wants a literal there)
	if (nodeSubtitle !== canvasSubtitle(RESOURCES)) {
		throw new Error(`Set the node's subtitle to:\n'${canvasSubtitle(RESOURCES)}'`);
	}
	// n8n strips the leading "=" of an expression before it resolves it
	const subtitleOf = (subtitle: string, parameters: Record<string, string>) =>
		Expression.resolveWithoutWorkflow(subtitle.replace(/^=/, ''), { $parameter: parameters });
	expect(subtitleOf(nodeSubtitle, { resource: 'tenant', operation: 'getAll' })).toBe('Get Many: Tenant');
	expect(subtitleOf(nodeSubtitle, { resource: 'report', operation: 'getRentRoll' })).toBe('Get Rent Roll: Report');
	for (const resource of RESOURCES) {
		const selector = resource.properties.find((property) => property.name === 'operation');
		for (const option of (selector?.options ?? []) as INodePropertyOptions[]) {
			expect(subtitleOf(nodeSubtitle, { resource: resource.value, operation: String(option.value) })).toBe(`${option.name}: ${resource.name}`);
		}
	}
	const triggerSubtitle = new PropertyManagementTrigger().description.subtitle as string;
	expect(subtitleOf(triggerSubtitle, { event: 'tenantEvent' })).toBe('On tenant event created');
	expect(subtitleOf(triggerSubtitle, { event: 'bill' })).toBe('On bill created');
	expect(subtitleOf(triggerSubtitle, { event: 'guestCard' })).toBe('On guest card created');
});

/** Found where people search: the codex's aliases and links, and descriptions that name the service. */
test.each([
	['PropertyManagement/PropertyManagement.node.json', '#operations'],
	['PropertyManagementTrigger/PropertyManagementTrigger.node.json', '#trigger'],
])('the codex %s carries the aliases a property manager types, its categories and links to the README', (file, section) => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const codex = require(`../../../nodes/${file}`) as { alias: string[]; categories: string[]; resources: Record<string, Array<{ url: string }>> };
	for (const alias of ['AppFolio', 'Skywalk', 'tenant', 'rent', 'lease', 'landlord', 'property manager', 'bill', 'vendor', 'work order']) {
		expect(codex.alias).toContain(alias);
	}
	expect(codex.categories.length).toBeGreaterThan(0);
	expect(codex.resources.primaryDocumentation[0].url).toMatch(new RegExp(`${section}$`));
	expect(codex.resources.credentialDocumentation[0].url).toMatch(/#credentials$/);
});

test('the node, the trigger and the credential name the service they connect to', () => {
	for (const text of [
		new PropertyManagement().description.description,
		new PropertyManagementTrigger().description.description,
		new PropertyManagementApi().properties.find((property) => property.name === 'apiKey')?.description,
	]) {
		expect(text).toContain('Property Management Data Interface Service');
		expect(text).toContain('AppFolio');
	}
});
