import type { INodeProperties } from 'n8n-workflow';

/** What a resource folder gives the node (resources/index.ts lists them): its entry in Resource, and its fields. */
export interface ResourceDefinition {
	/** as the Resource dropdown shows it */
	name: string;
	value: string;
	/** its operation selector and every field of its operations */
	properties: INodeProperties[];
}
