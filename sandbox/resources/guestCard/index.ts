import type { SandboxResource } from '../../types';
import { guestCardEndpoints } from './endpoints';
import { guestCard } from './schema';

export const guestCardResource: SandboxResource = {
	endpoints: guestCardEndpoints,
	itemSchemas: {
		'GET /v1/guest-cards': guestCard,
	},
};
