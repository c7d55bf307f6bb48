import type { SandboxResource } from '../../types';
import { textMessageEndpoints } from './endpoints';
import { textMessage } from './schema';

export const textMessageResource: SandboxResource = {
	endpoints: textMessageEndpoints,
	itemSchemas: {
		'GET /v1/sms': textMessage,
	},
};
