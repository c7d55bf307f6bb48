/**
 * The fields each operation's Simplify keeps, keyed by "resource:operation", read from the node's
 * toggles as the editor shows them (their description lists the fields kept), so the tests need no
 * hook in the shipped code.
 */
import { PropertyManagement } from '../../../nodes/PropertyManagement/PropertyManagement.node';

const LISTED = /^Whether to return only the main fields \((.+)\) instead of the full record$/;

/** The description says "ID" for the record's upstreamId and "occupancy ID" for occupancyUpstreamId. */
const fieldOf = (words: string) => (words === 'ID' ? 'upstreamId' : words.replace(/^(\w+) ID$/, '$1UpstreamId'));

function simplifiedFields(): Record<string, readonly string[]> {
	const table: Record<string, readonly string[]> = {};
	for (const property of new PropertyManagement().description.properties) {
		const show = property.displayOptions?.show;
		const listed = property.name === 'simplify' ? LISTED.exec(property.description ?? '') : null;
		if (!show || !listed) continue;
		table[`${(show.resource as string[])[0]}:${(show.operation as string[])[0]}`] = listed[1].split(', ').map(fieldOf);
	}
	return table;
}

export const SIMPLIFIED_FIELDS = simplifiedFields();
