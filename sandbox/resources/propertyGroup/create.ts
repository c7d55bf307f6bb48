import { uuidFrom } from '../../shared/ids';
import { visibleProperty } from '../../shared/lookups';
import { dbOf } from '../../shared/params';
import { bodyObject, optionalIdList, requiredString } from '../../shared/validation';
import type { CreateEndpoint } from '../../types';
import { addPropertyGroup } from './data';

export const createPropertyGroup: CreateEndpoint = {
	kind: 'create',
	path: '/v1/property-groups',
	invalidates: ['/v1/property-groups', '/v1/properties'],
	create(ctx, input) {
		const db = dbOf(ctx);
		const body = bodyObject(input);
		const name = requiredString(body, 'name');
		const members = optionalIdList(body, 'propertyIds').map((id, index) => visibleProperty(db, id, `propertyIds[${index}]`));
		const unique = [...new Set(members)];
		const upstreamId = String(11 + db.propertyGroups.length);
		return addPropertyGroup(db, upstreamId, name, unique, uuidFrom(db.random)).row;
	},
};
