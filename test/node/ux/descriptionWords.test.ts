/**
 * Words the operator knows: a property manager reads each parameter's description in n8n's editor,
 * so every field they fill in says what it is, in their words (no header names, no fields of the
 * service's envelope, no internal id names), and one parameter keeps one name wherever it shows.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyMode, INodePropertyOptions } from 'n8n-workflow';
import { PropertyManagementApi } from '../../../credentials/PropertyManagementApi.credentials';
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';
import { PropertyManagementTrigger } from '../../../nodes/PropertyManagementTrigger/PropertyManagementTrigger.node';

type Shown = {
	/** the path a user clicks, e.g. "Options › Additional Query Parameters › Parameter › Name" */
	path: string;
	name: string;
	displayName: string;
	type: string;
	description?: string;
	/** every other text the editor shows with it: hint, placeholder, the options' descriptions, a notice's text */
	texts: string[];
};

const textsOf = (...texts: Array<string | undefined>) => texts.filter((text): text is string => typeof text === 'string' && text !== '');

/** Every parameter, collection entry, fixed-collection value and resource-locator mode. */
function everyParameter(properties: INodeProperties[], parent = ''): Shown[] {
	const shown: Shown[] = [];
	for (const property of properties) {
		const path = `${parent}${property.displayName}`;
		const choices = ((property.options ?? []) as Array<INodeProperties | INodePropertyCollection | INodePropertyOptions>).filter(
			(option): option is INodePropertyOptions => !('type' in option) && !('values' in option),
		);
		shown.push({
			path,
			name: property.name,
			displayName: property.displayName,
			type: property.type,
			description: property.description,
			texts: textsOf(
				property.description,
				property.hint,
				property.placeholder as string | undefined,
				property.type === 'notice' ? property.displayName : undefined,
				...choices.flatMap((choice) => [choice.description, choice.action]),
			),
		});
		for (const mode of (property.modes ?? []) as INodePropertyMode[]) {
			shown.push({
				path: `${path} › ${mode.displayName}`,
				name: `${property.name} (mode ${mode.name})`,
				displayName: mode.displayName,
				type: `mode:${mode.type}`,
				texts: textsOf(mode.placeholder, mode.hint),
			});
		}
		for (const option of (property.options ?? []) as Array<INodeProperties | INodePropertyCollection>) {
			if ('type' in option) shown.push(...everyParameter([option as INodeProperties], `${path} › `));
			else if ('values' in option) shown.push(...everyParameter(option.values, `${path} › ${option.displayName} › `));
		}
	}
	return shown;
}

const described = {
	'Property Management': everyParameter(new PropertyManagement().description.properties),
	'Property Management Trigger': everyParameter(new PropertyManagementTrigger().description.properties),
	'Property Management API credential': everyParameter(new PropertyManagementApi().properties),
};

/** What the operator never needs to read: how the request travels, the service's envelope, its internal id name. */
const NOT_THE_OPERATORS_WORDS: Array<[string, RegExp]> = [
	['an X- header', /\bX-[A-Za-z]/],
	['a header name', /\b(Content-Type|Content-Length|Content-Disposition|Authorization|Retry-After|User-Agent|Accept(-[A-Z][a-z]+)?)\b/],
	['the word header', /\bheaders?\b/i],
	["the envelope's meta", /\bmeta\b/i],
	['the internal id name', /upstreamId/i],
];

test.each(Object.entries(described))('no text of %s names a header, the envelope or upstreamId', (_node, parameters) => {
	const offending = parameters.flatMap((parameter) =>
		parameter.texts.flatMap((text) =>
			NOT_THE_OPERATORS_WORDS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${parameter.path} (${what}): ${text}`),
		),
	);
	expect([...new Set(offending)]).toEqual([]);
});

/** The types a user fills in: each needs a description. */
const FILLED_IN = new Set(['string', 'number', 'boolean', 'options', 'multiOptions', 'dateTime', 'resourceLocator', 'json']);

/** The types that go without one, and why. */
const WITHOUT_DESCRIPTION: Record<string, string> = {
	notice: "a notice's text is its display name",
	hidden: 'the editor does not show it',
	collection: 'it shows as its "Add …" button; each entry inside carries the description',
	fixedCollection: 'it shows as its "Add …" button; each value inside carries the description',
};

/** The selectors themselves: each of their options carries the description the editor shows in the list (checked below). */
const SELECTORS = new Set(['resource', 'operation', 'event']);

test.each(Object.entries(described))('every parameter of %s that the user fills in has a description', (_node, all) => {
	// resource-locator modes have no description of their own: the locator's shows for every mode
	const parameters = all.filter((parameter) => !parameter.type.startsWith('mode:'));
	const unknown = parameters.filter((parameter) => !FILLED_IN.has(parameter.type) && !(parameter.type in WITHOUT_DESCRIPTION));
	expect(unknown.map((parameter) => `${parameter.path}: ${parameter.type}`)).toEqual([]);
	const missing = parameters.filter(
		(parameter) => FILLED_IN.has(parameter.type) && !SELECTORS.has(parameter.name) && (parameter.description ?? '').trim() === '',
	);
	expect([...new Set(missing.map((parameter) => parameter.path))]).toEqual([]);
});

test('every option of the resource, operation and event selectors has a description', () => {
	const selectors = [
		...new PropertyManagement().description.properties.filter((property) => property.name === 'operation'),
		...new PropertyManagementTrigger().description.properties.filter((property) => property.name === 'event'),
	];
	expect(selectors.length).toBeGreaterThan(20);
	const missing = selectors.flatMap((selector) =>
		(selector.options as INodePropertyOptions[]).filter((option) => (option.description ?? '').trim() === '').map((option) => `${selector.name}: ${option.name}`),
	);
	expect(missing).toEqual([]);
});

test('one parameter keeps one display name across the node and the trigger', () => {
	const namesOf = new Map<string, Set<string>>();
	for (const parameter of Object.values(described).slice(0, 2).flat()) {
		if (parameter.type === 'notice' || parameter.type.startsWith('mode:')) continue;
		namesOf.set(parameter.name, (namesOf.get(parameter.name) ?? new Set()).add(parameter.displayName));
	}
	const twoNames = [...namesOf].filter(([, names]) => names.size > 1).map(([name, names]) => `${name}: ${[...names].join(' / ')}`);
	expect(twoNames).toEqual([]);
});

/**
 * Display names two parameters share, and why that reads right: each names the same kind of thing,
 * of the record its operation is about.
 */
const SHARED_DISPLAY_NAMES: Record<string, string> = {
	// Vendor → Create: the vendor's number; Text Message → Get Many: the number the conversation is with
	'Phone Number': 'a phone number of the record the operation is about, on two resources',
};

test('one display name means one parameter within a node', () => {
	for (const [node, all] of Object.entries(described)) {
		const parametersOf = new Map<string, Set<string>>();
		for (const parameter of all) {
			if (parameter.type === 'notice' || parameter.type.startsWith('mode:') || parameter.displayName in SHARED_DISPLAY_NAMES) continue;
			parametersOf.set(parameter.displayName, (parametersOf.get(parameter.displayName) ?? new Set()).add(parameter.name));
		}
		const twoMeanings = [...parametersOf].filter(([, names]) => names.size > 1).map(([displayName, names]) => `${displayName}: ${[...names].join(' / ')}`);
		expect({ node, twoMeanings }).toEqual({ node, twoMeanings: [] });
	}
});

test("n8n's word for an item's file is binary field, never binary property", () => {
	const texts = Object.values(described)
		.flat()
		.flatMap((parameter) => [parameter.displayName, ...parameter.texts]);
	const choices = [new PropertyManagement().description.properties, new PropertyManagementTrigger().description.properties]
		.flat()
		.flatMap((property) => ((property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.name)));
	expect([...texts, ...choices].filter((text) => /binary property/i.test(text))).toEqual([]);
});
