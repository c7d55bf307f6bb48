import { z } from 'zod';
import { bool, int, str, strList } from '../../shared/schemas';

export const propertyGroup = z.strictObject({
	upstreamId: str,
	name: str,
	propertyUuids: strList,
	uuid: str,
	editable: bool,
	propertyCount: int,
});

/** GET /v1/property-groups as the docs show it (the create answer above is the spec's) */
export const propertyGroupListRow = z.strictObject({ upstreamId: str, name: str, propertyIds: strList });

export type PropertyGroup = z.infer<typeof propertyGroup>;
