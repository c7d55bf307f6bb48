import type { SandboxResource } from '../../types';
import { letterEndpoints } from './endpoints';
import { letter } from './schema';

export const letterResource: SandboxResource = {
	endpoints: letterEndpoints,
	itemSchemas: {
		'GET /v1/letters': letter,
	},
};
