/**
 * n8n's UX guidelines over every parameter the package shows: placeholders of input fields start
 * with "e.g.", and nothing the user sees points at the local sandbox.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyMode } from 'n8n-workflow';
import { PropertyManagementApi } from '../../../credentials/PropertyManagementApi.credentials';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { PropertyManagementTrigger } from '../../../nodes/PropertyManagementTrigger/PropertyManagementTrigger.node';

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

test('the credential has no sandbox default or wording, an example placeholder and a documentation URL', () => {
	const credential = new PropertyManagementApi();
	const baseUrl = credential.properties.find((property) => property.name === 'baseUrl')!;
	expect(baseUrl.default).toBe('');
	expect(baseUrl.placeholder).toBe('e.g. https://api.example.com');
	// the http:// warning's condition names local hosts on purpose: they are where it stays quiet
	const shown = { ...credential, properties: credential.properties.map(({ displayOptions: _condition, ...property }) => property) };
	expect(JSON.stringify(shown)).not.toMatch(/sandbox|127\.0\.0\.1|localhost/i);
	expect(credential.documentationUrl).toMatch(/^https:\/\//);
});

test('no node description mentions the sandbox', () => {
	for (const [name, properties] of Object.entries(described)) {
		expect({ name, mentions: JSON.stringify(properties).match(/sandbox/gi) ?? [] }).toEqual({ name, mentions: [] });
	}
});
