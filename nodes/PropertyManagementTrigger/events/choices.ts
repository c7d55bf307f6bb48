import { NodeOperationError, type IDataObject, type INodeProperties, type INodePropertyOptions, type IPollFunctions } from 'n8n-workflow';

/**
 * The trigger's choices (Trigger On, a status or change filter, Documents, After a Pause, a filter's
 * options) must each be one of the options the editor offers. An imported workflow, an expression or
 * an AI-built workflow can hold any text; the trigger would read with it and never fire (New Status
 * "Complete" matches no status). So activation and Fetch Test Event refuse such a value, naming the
 * field and its options, before anything is sent. The options are the description's own: one list.
 */
export function checkChoices(ctx: IPollFunctions, properties: INodeProperties[]): void {
	const stored = ctx.getNode().parameters as IDataObject;
	// a top-level parameter left at its default is not stored in the workflow
	const defaults = Object.fromEntries([...properties].reverse().map((property) => [property.name, property.default]));
	const root: IDataObject = { ...defaults, ...stored };
	for (const property of properties) {
		if (!isShown(property, root, root)) continue;
		if (property.type === 'collection' || property.type === 'fixedCollection') {
			const collection = root[property.name];
			if (typeof collection !== 'object' || collection === null || Array.isArray(collection)) continue;
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (!('type' in option) || !(option.name in collection) || !isShown(option, root, collection as IDataObject)) continue;
				checkValue(ctx, option, `${property.name}.${option.name}`, `${property.displayName} → ${option.displayName}`);
			}
			continue;
		}
		if (property.name in stored || property.name === 'event') checkValue(ctx, property, property.name, property.displayName);
	}
}

function checkValue(ctx: IPollFunctions, property: INodeProperties, path: string, field: string): void {
	if (property.type !== 'options' && property.type !== 'multiOptions') return;
	const options = (property.options ?? []) as INodePropertyOptions[];
	const value = ctx.getNodeParameter(path, property.default) as unknown;
	const values = property.type === 'multiOptions' ? (Array.isArray(value) ? value : [value]) : [value];
	const unknown = values.filter((entry) => !options.some((option) => option.value === entry));
	if (!unknown.length) return;
	const listed = options.map((option) => (String(option.value) === option.name ? option.name : `${option.name} (${String(option.value)})`));
	throw new NodeOperationError(
		ctx.getNode(),
		`${field} has ${unknown.map((entry) => JSON.stringify(entry)).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not among its options: ${listed.join(', ')}`,
		{
			description:
				'Nothing was sent. The workflow names a value the trigger does not have (an imported or hand-edited workflow, an expression, or one written for another version of the node). Open the trigger and choose again.',
		},
	);
}

/** displayOptions as the editor applies them: `/name` is a top-level parameter, `name` a sibling. */
function isShown(property: INodeProperties, root: IDataObject, siblings: IDataObject): boolean {
	const valueOf = (key: string) => (key.startsWith('/') ? root[key.slice(1)] : siblings[key]);
	const matches = (key: string, allowed: unknown) => Array.isArray(allowed) && allowed.includes(valueOf(key));
	const { show, hide } = property.displayOptions ?? {};
	if (show && !Object.entries(show).every(([key, allowed]) => matches(key, allowed))) return false;
	if (hide && Object.entries(hide).some(([key, allowed]) => matches(key, allowed))) return false;
	return true;
}
