import { readEndpoint } from '../../shared/define';
import { dbOf, scopedPropertyIds } from '../../shared/params';
import type { EndpointDef } from '../../types';
import { propertyRow } from './data';

export const propertyEndpoints: EndpointDef[] = [
	readEndpoint('/v1/properties', scopedPropertyIds, (ctx, ids) => {
		const db = dbOf(ctx);
		return db.properties.filter((p) => ids.has(p.row.upstreamId)).map((p) => propertyRow(db, p));
	}),
];
