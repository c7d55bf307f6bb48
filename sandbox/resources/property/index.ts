import type { SandboxResource } from '../../types';
import { propertyEndpoints } from './endpoints';
import { property } from './schema';

export const propertyResource: SandboxResource = {
	endpoints: propertyEndpoints,
	itemSchemas: {
		'GET /v1/properties': property,
	},
};
