import type {
	INodeProperties,
} from 'n8n-workflow';

/** The order builders list options and collection entries in (n8n's lint wants them alphabetical). */
export function byName<T extends { name: string }>(left: T, right: T): number {
	return left.name.localeCompare(right.name);
}

export function byDisplayName(left: INodeProperties, right: INodeProperties): number {
	return left.displayName.localeCompare(right.displayName);
}
