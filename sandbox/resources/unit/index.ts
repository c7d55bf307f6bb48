import type { SandboxResource } from '../../types';
import { unitEndpoints } from './endpoints';
import { unitListRow, unitPhoto, unitVacancy } from './schema';

export const unitResource: SandboxResource = {
	endpoints: unitEndpoints,
	itemSchemas: {
		'GET /v1/units': unitListRow,
		'GET /v1/unit-photos': unitPhoto,
		'GET /v1/unit-vacancies': unitVacancy,
	},
};
