import type { SandboxResource } from '../../types';
import { createPropertyGroup } from './create';
import { propertyGroupEndpoints } from './endpoints';
import { propertyGroup, propertyGroupListRow } from './schema';

export const propertyGroupResource: SandboxResource = {
	endpoints: [...propertyGroupEndpoints, createPropertyGroup],
	itemSchemas: {
		'GET /v1/property-groups': propertyGroupListRow,
		'POST /v1/property-groups': propertyGroup,
	},
};
